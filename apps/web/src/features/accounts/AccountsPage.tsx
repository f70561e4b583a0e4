import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountListItem } from '@bjk/domain/accounts';
import { hasPermission, useManager } from '../../shared/auth/session';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDateTime } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { TableHeadRow } from '../../shared/ui/TableHeadRow';
import { AccountDialog } from './AccountDialog';
import { accountsQuery } from './api';

type Editing = { mode: 'create' } | { mode: 'edit'; account: AccountListItem } | null;

/** `/mgmt/accounts`: admins manage who may use the back office and with which roles. */
export function AccountsPage() {
  const { t } = useTranslation('accounts');
  const session = useManager();
  const [editing, setEditing] = useState<Editing>(null);
  if (!hasPermission(session, 'accounts:admin')) {
    return <Typography data-testid="accounts-forbidden">{t('admin.forbidden')}</Typography>;
  }
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h1">{t('admin.title')}</Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'create' })}>
          {t('admin.new')}
        </Button>
      </Stack>
      <Typography color="textSecondary">{t('admin.intro')}</Typography>
      <AccountsTable onEdit={(account) => setEditing({ mode: 'edit', account })} />
      {editing && (
        <AccountDialog
          key={editing.mode === 'edit' ? editing.account.id : 'new'}
          account={editing.mode === 'edit' ? editing.account : null}
          ownId={session?.account.id ?? ''}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function AccountsTable({ onEdit }: { onEdit: (account: AccountListItem) => void }) {
  const { t } = useTranslation('accounts');
  const { data } = useSuspenseQuery(accountsQuery);
  const language = currentLanguage();
  const { timeZone } = useEdition();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('admin.title')}>
        <TableHeadRow
          cells={[
            t('fields.manager'),
            t('fields.roles'),
            { label: t('fields.lastLogin'), sx: WIDE_ONLY },
            {
              label: (
                <Box component="span" sx={visuallyHidden}>
                  {t('admin.actions')}
                </Box>
              ),
              align: 'right',
            },
          ]}
        />
        <TableBody>
          {data.map((account) => (
            <TableRow key={account.id} data-testid="account-row" sx={account.enabled ? undefined : { opacity: 0.6 }}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {account.displayName}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  {account.email}
                </Typography>
                {!account.enabled && <Chip size="small" label={t('fields.disabled')} sx={{ mt: 0.5 }} />}
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {account.roles.length === 0 && (
                    <Typography variant="body2" color="textSecondary">
                      {t('fields.noRoles')}
                    </Typography>
                  )}
                  {account.roles.map((role) => (
                    <Chip key={role} size="small" variant="outlined" label={t(`roles.${role}.label`)} />
                  ))}
                </Box>
              </TableCell>
              <TableCell sx={WIDE_ONLY}>{account.lastLoginAt ? formatDateTime(account.lastLoginAt, language, timeZone) : t('fields.never')}</TableCell>
              <TableCell align="right">
                <IconButton onClick={() => onEdit(account)} aria-label={t('admin.edit', { name: account.displayName })}>
                  <EditIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Columns a phone leaves out. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
