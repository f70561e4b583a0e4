import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { formatPoints, formatTieBreak, standingsQuery } from './api';
import { PlayerLink } from './PlayerLink';
import { ResultsTable } from './ResultsTable';

/** Read by screen readers, not shown (positioned inside its cell so a phone's page does not widen). */
const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * Standings with the program's tie-break columns. A phone shows rank, name, rating and points; one tap on a row's
 * button opens club, federation and tie-breaks beneath it. Provisional standings say so.
 */
export function StandingsTab({ category }: { category: string }) {
  const { t } = useTranslation('results');
  const query = useQuery(standingsQuery(category));
  const [open, setOpen] = useState<number | null>(null);
  if (query.isError) return <ErrorAlert error={query.error} />;
  if (!query.data) return null;
  const standings = query.data;
  return (
    <Stack spacing={1}>
      {standings.provisional ? (
        <Alert severity="warning" data-testid="standings-provisional">
          {t('standings.provisional', { round: standings.afterRound })}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('standings.after', { round: standings.afterRound })}
        </Typography>
      )}
      <ResultsTable testId="standings-table" label={t('tabs.standings')}>
        <thead>
          <tr>
            <th scope="col" className="num">{t('columns.rank')}</th>
            <th scope="col">{t('columns.name')}</th>
            <th scope="col" className="wide">{t('columns.federation')}</th>
            <th scope="col" className="wide">{t('columns.club')}</th>
            <th scope="col" className="num">{t('columns.rating')}</th>
            <th scope="col" className="num">{t('columns.points')}</th>
            {standings.tieBreaks.map((c) => (
              <th scope="col" className="num wide" key={c.name}>
                {c.name}
              </th>
            ))}
            <Box component="th" scope="col" sx={{ position: 'relative', display: { md: 'none' }, '@media print': { display: 'none' } }}>
              <span style={visuallyHidden}>{t('standings.more')}</span>
            </Box>
          </tr>
        </thead>
        <tbody>
          {standings.rows.map((row) => (
            <Fragment key={row.pairingNumber}>
              <tr data-testid="standings-row">
                <td className="num">{row.rank}</td>
                <td>
                  {row.title && <Box component="span" sx={{ mr: 0.5, color: 'text.secondary' }}>{row.title}</Box>}
                  <PlayerLink category={category} pairingNumber={row.pairingNumber} name={row.name} />
                </td>
                <td className="wide">{row.federation}</td>
                <td className="wide">{row.club}</td>
                <td className="num">{row.rating ?? '—'}</td>
                <td className="num" data-testid="standings-points">
                  {formatPoints(row.points)}
                </td>
                {row.tieBreaks.map((value, index) => (
                  <td className="num wide" key={index}>
                    {formatTieBreak(value)}
                  </td>
                ))}
                <Box component="td" sx={{ display: { md: 'none' }, p: '0 !important', '@media print': { display: 'none' } }}>
                  <IconButton
                    size="small"
                    aria-expanded={open === row.pairingNumber}
                    aria-label={t('standings.detailsOf', { name: row.name })}
                    onClick={() => setOpen(open === row.pairingNumber ? null : row.pairingNumber)}
                  >
                    {open === row.pairingNumber ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
                  </IconButton>
                </Box>
              </tr>
              {open === row.pairingNumber && (
                <Box component="tr" sx={{ display: { md: 'none' } }} data-testid="standings-details">
                  <td colSpan={5}>
                    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, fontSize: '0.85rem', '& dt': { color: 'text.secondary' }, '& dd': { m: 0 } }}>
                      <dt>{t('columns.club')}</dt>
                      <dd>{row.club ?? '—'}</dd>
                      <dt>{t('columns.federation')}</dt>
                      <dd>{row.federation ?? '—'}</dd>
                      {standings.tieBreaks.map((c, index) => (
                        <Fragment key={c.name}>
                          <dt>{c.name}</dt>
                          <dd>{formatTieBreak(row.tieBreaks[index] ?? null)}</dd>
                        </Fragment>
                      ))}
                    </Box>
                  </td>
                </Box>
              )}
            </Fragment>
          ))}
        </tbody>
      </ResultsTable>
    </Stack>
  );
}
