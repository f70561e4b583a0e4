import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicParticipant } from '@bjk/domain/enrolment';
import { useEdition } from '../../shared/edition/useEdition';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { publicParticipantsQuery } from './api';

type Sort = 'name' | 'rating' | 'category';
/** Rows drawn at first: a phone shows 700 players without building 700 rows before the first paint. */
const PAGE = 100;

const byName = (a: PublicParticipant, b: PublicParticipant) =>
  a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName);
const rating = (p: PublicParticipant) => Math.max(p.ratingFide ?? 0, p.ratingNational ?? 0);

/** `/participants_bjk`: enabled players only, name, club, category and ratings. */
export function PublicParticipantsPage() {
  const { t } = useTranslation('enrolment');
  const edition = useEdition();
  const query = useQuery(publicParticipantsQuery('bjk'));
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [sort, setSort] = useState<Sort>('name');
  const [shown, setShown] = useState(PAGE);
  const deferred = useDeferredValue(search);

  const categoryOrder = useMemo(() => new Map(edition.categories.map((c, i) => [c.code, i])), [edition]);
  const rows = useMemo(() => {
    const needle = deferred.trim().toLowerCase();
    const list = (query.data?.items ?? []).filter(
      (p) =>
        (!category || p.category === category) &&
        (!needle || `${p.firstName} ${p.lastName} ${p.lastName} ${p.firstName} ${p.clubName ?? ''}`.toLowerCase().includes(needle)),
    );
    const order =
      sort === 'rating'
        ? (a: PublicParticipant, b: PublicParticipant) => rating(b) - rating(a) || byName(a, b)
        : sort === 'category'
          ? (a: PublicParticipant, b: PublicParticipant) => (categoryOrder.get(a.category) ?? 99) - (categoryOrder.get(b.category) ?? 99) || byName(a, b)
          : byName;
    return list.sort(order);
  }, [query.data, deferred, category, sort, categoryOrder]);

  const players = edition.categories.filter((c) => c.kind === 'player');
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('participants.title')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField label={t('participants.search')} type="search" value={search} onChange={(e) => (setSearch(e.target.value), setShown(PAGE))} sx={{ flex: 2 }} size="small" slotProps={{ htmlInput: { 'data-testid': 'participants-search' } }} />
        <TextField select label={t('participants.category')} value={category} onChange={(e) => (setCategory(e.target.value), setShown(PAGE))} sx={{ flex: 1 }} size="small">
          <MenuItem value="">{t('participants.all')}</MenuItem>
          {players.map((c) => (
            <MenuItem key={c.code} value={c.code}>
              {c.code}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('participants.sort')} value={sort} onChange={(e) => setSort(e.target.value as Sort)} sx={{ flex: 1 }} size="small">
          <MenuItem value="name">{t('participants.byName')}</MenuItem>
          <MenuItem value="rating">{t('participants.byRating')}</MenuItem>
          <MenuItem value="category">{t('participants.byCategory')}</MenuItem>
        </TextField>
      </Stack>
      {query.isError && <ErrorAlert error={query.error} />}
      {query.isSuccess && (
        <Typography variant="body2" color="text.secondary" data-testid="participants-count">
          {t('participants.count', { count: rows.length })}
        </Typography>
      )}
      {query.isSuccess && rows.length === 0 && <Typography>{t('participants.none')}</Typography>}
      {rows.length > 0 && (
        <Box
          component="table"
          data-testid="participants-table"
          sx={{
            width: '100%',
            borderCollapse: 'collapse',
            fontSize: { xs: '0.9rem', sm: '1rem' },
            '& th, & td': { textAlign: 'left', p: { xs: '6px 4px', sm: '8px' }, borderBottom: 1, borderColor: 'divider', verticalAlign: 'top' },
            '& th': { fontWeight: 600, color: 'text.secondary', fontSize: '0.85rem' },
            '& td.num, & th.num': { textAlign: 'right', whiteSpace: 'nowrap' },
          }}
        >
          <thead>
            <tr>
              <th scope="col">{t('participants.name')}</th>
              <th scope="col">{t('participants.category')}</th>
              <th scope="col" className="num">
                {t('participants.ratingFide')}
              </th>
              <Box component="th" scope="col" className="num" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t('participants.ratingNational')}
              </Box>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, shown).map((p) => (
              <tr key={p.id}>
                <td>
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {p.lastName} {p.firstName}
                  </Box>
                  {p.clubName && (
                    <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
                      {p.clubName}
                    </Box>
                  )}
                </td>
                <td>{p.category}</td>
                <td className="num">{p.ratingFide ?? '—'}</td>
                <Box component="td" className="num" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {p.ratingNational ?? '—'}
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      {rows.length > shown && (
        <Button variant="outlined" onClick={() => setShown((n) => n + PAGE * 3)}>
          {t('participants.more', { count: rows.length - shown })}
        </Button>
      )}
    </Stack>
  );
}
