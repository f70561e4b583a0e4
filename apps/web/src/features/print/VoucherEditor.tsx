import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { Voucher, VoucherProposal } from '@bjk/domain/print';
import { CellField } from '../../shared/ui/CellField';
import { TableHeadRow } from '../../shared/ui/TableHeadRow';

/**
 * The vouchers the standings and the prize table give, editable before printing: the manager corrects a name
 * or changes an amount (a shared place, a sponsor's extra); the codes stay as the server made them.
 */
export function VoucherEditor({ proposal, vouchers, onChange }: { proposal: VoucherProposal; vouchers: Voucher[]; onChange: (next: Voucher[]) => void }) {
  const { t } = useTranslation('print');
  const change = (index: number, patch: Partial<Voucher>) => onChange(vouchers.map((v, i) => (i === index ? { ...v, ...patch } : v)));
  return (
    <>
      {proposal.provisional && (
        <Alert severity="warning" data-testid="vouchers-provisional">
          {t('vouchers.provisional', { round: proposal.afterRound, rounds: proposal.plannedRounds })}
        </Alert>
      )}
      {vouchers.length === 0 && <Alert severity="info">{t('vouchers.none')}</Alert>}
      {vouchers.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" data-testid="vouchers-table">
            <TableHeadRow cells={[t('vouchers.prize'), t('vouchers.name'), { label: t('vouchers.amount'), align: 'right' }]} />
            <TableBody>
              {vouchers.map((v, index) => (
                <TableRow key={v.code}>
                  <TableCell>{v.prize}</TableCell>
                  <TableCell>
                    <CellField
                      fullWidth
                      label={t('vouchers.nameOf', { prize: v.prize })}
                      value={v.name}
                      onChange={(e) => change(index, { name: e.target.value })}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <CellField
                      label={t('vouchers.amountOf', { prize: v.prize })}
                      type="number"
                      sx={{ width: '7rem' }}
                      value={v.amountCents / 100}
                      onChange={(e) => {
                        const euros = Number(e.target.value);
                        if (Number.isFinite(euros) && euros >= 0) change(index, { amountCents: Math.round(euros * 100) });
                      }}
                      htmlInput={{ min: 0, step: 0.01, 'data-testid': `voucher-amount-${index}` }}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
