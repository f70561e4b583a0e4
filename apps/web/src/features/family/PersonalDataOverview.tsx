import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERSONAL_DATA_KINDS } from '@bjk/domain/retention';
import { useInstantFormat } from '../../shared/edition/useEdition';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { personalDataQuery } from './mgmt-api';

/**
 * What personal data is still held, per edition (issue #26): counts per kind, and when the shredder's stages run
 * (decision 0016). Mails and family sessions belong to no edition: counted once below the table.
 */
export function PersonalDataOverview() {
  const { t } = useTranslation('familyAdmin');
  const instant = useInstantFormat();
  const query = useQuery(personalDataQuery());
  const day = (iso: string) => instant(iso, { dateStyle: 'medium' });
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="personal-data-title" data-testid="personal-data">
      <Typography variant="h2" id="personal-data-title" sx={{ fontSize: '1.25rem' }}>
        {t('personalData.title')}
      </Typography>
      <Typography color="textSecondary">{t('personalData.intro')}</Typography>
      {query.isError && <ErrorAlert error={query.error} />}
      {query.data && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('personalData.edition')}</TableCell>
                {PERSONAL_DATA_KINDS.map((kind) => (
                  <TableCell key={kind} align="right">
                    {t(`personalData.kinds.${kind}`)}
                  </TableCell>
                ))}
                <TableCell>{t('personalData.stages')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {query.data.editions.map((e) => (
                <TableRow key={e.edition} data-testid={`personal-data-${e.edition}`}>
                  <TableCell component="th" scope="row">
                    {e.edition}
                  </TableCell>
                  {PERSONAL_DATA_KINDS.map((kind) => (
                    <TableCell key={kind} align="right">
                      {e.counts[kind]}
                    </TableCell>
                  ))}
                  <TableCell>
                    {e.stages.map((s) => (
                      <div key={s.stage}>
                        {t(`personalData.stage.${s.stage}`)}:{' '}
                        {s.ranAt ? t('personalData.ran', { when: day(s.ranAt) }) : t('personalData.due', { when: day(s.dueAt) })}
                      </div>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {query.data && (
        <Typography variant="body2" color="textSecondary">
          {t('personalData.shared', {
            mails: t('personalData.sharedMails', { count: query.data.shared.mails }),
            sessions: t('personalData.sharedSessions', { count: query.data.shared.familySessions }),
          })}
        </Typography>
      )}
    </Stack>
  );
}
