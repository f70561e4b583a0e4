import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { KindSwitch, usePlayerCategoryCodes, useRegistrationKind, withKind } from '../../shared/edition/kind';
import { download, registrationsQuery } from './mgmt-api';

type Sort = 'name' | 'category' | 'createdAt' | 'idbel' | 'ratingFide';

/** `/mgmt/registrations[?kind=vk]`: search, filters, sort and paging live in the address, so a view can be shared. */
export function RegistrationsPage() {
  const { t } = useTranslation('enrolment');
  const kind = useRegistrationKind();
  const categories = usePlayerCategoryCodes(kind);
  const [params, setParams] = useSearchParams();
  const get = (key: string, fallback = '') => params.get(key) ?? fallback;
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  const q = useDeferredValue(get('q'));
  const sort = get('sort', 'createdAt') as Sort;
  const dir = get('dir', sort === 'createdAt' ? 'desc' : 'asc') as 'asc' | 'desc';
  const page = Number(get('page', '0'));
  const pageSize = Number(get('pageSize', '25'));
  const query = useQuery(
    registrationsQuery(kind, { q: q || undefined, category: get('category') || undefined, status: get('status') || undefined, enabled: get('enabled') || undefined, sort, dir, page, pageSize }),
  );

  const header = (key: Sort, label: string) => (
    <TableSortLabel active={sort === key} direction={sort === key ? dir : 'asc'} onClick={() => set({ sort: key, dir: sort === key && dir === 'asc' ? 'desc' : 'asc' })}>
      {label}
    </TableSortLabel>
  );

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h1">{t('mgmt.registrations')}</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <KindSwitch kind={kind} />
          <Button startIcon={<DownloadIcon />} onClick={() => void download(`/api/v1/registration/${kind}/export.csv`, `registrations-${kind}.csv`)}>
            {t('mgmt.exportCsv')}
          </Button>
        </Stack>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
        <TextField size="small" type="search" label={t('mgmt.search')} value={get('q')} onChange={(e) => set({ q: e.target.value })} sx={{ flex: 2 }} slotProps={{ htmlInput: { 'data-testid': 'registrations-search' } }} />
        <TextField size="small" select label={t('details.category')} value={get('category')} onChange={(e) => set({ category: e.target.value })} sx={{ flex: 1 }}>
          <MenuItem value="">{t('participants.all')}</MenuItem>
          {categories.map((code) => (
            <MenuItem key={code} value={code}>
              {code}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" select label={t('mgmt.status')} value={get('status')} onChange={(e) => set({ status: e.target.value })} sx={{ flex: 1 }}>
          <MenuItem value="">{t('mgmt.any')}</MenuItem>
          <MenuItem value="confirmed">{t('mgmt.statuses.confirmed')}</MenuItem>
          <MenuItem value="draft">{t('mgmt.statuses.draft')}</MenuItem>
        </TextField>
        <TextField size="small" select label={t('mgmt.enabled')} value={get('enabled')} onChange={(e) => set({ enabled: e.target.value })} sx={{ flex: 1 }}>
          <MenuItem value="">{t('mgmt.any')}</MenuItem>
          <MenuItem value="1">{t('mgmt.yes')}</MenuItem>
          <MenuItem value="0">{t('mgmt.no')}</MenuItem>
        </TextField>
      </Stack>
      {query.isError && <ErrorAlert error={query.error} />}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" data-testid="registrations-table">
          <TableHead>
            <TableRow>
              <TableCell>{header('name', t('participants.name'))}</TableCell>
              <TableCell>{header('idbel', t('lookup.idbel'))}</TableCell>
              <TableCell>{header('category', t('details.category'))}</TableCell>
              <TableCell>{t('mgmt.status')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('details.club')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{header('createdAt', t('mgmt.createdAt'))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(query.data?.items ?? []).map((r) => (
              <TableRow key={r.id} hover sx={{ opacity: r.enabled ? 1 : 0.5 }}>
                <TableCell>
                  <RouterLink to={withKind(`/mgmt/registration_edit?id=${r.id}`, kind)}>
                    {r.lastName} {r.firstName}
                  </RouterLink>
                </TableCell>
                <TableCell>{r.idbel ?? r.idfide}</TableCell>
                <TableCell>{r.category}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5}>
                    <Chip size="small" color={r.status === 'confirmed' ? 'success' : 'default'} label={t(`mgmt.statuses.${r.status}`)} />
                    {!r.hasPhoto && <Chip size="small" color="warning" label={t('mgmt.noPhoto')} />}
                    {r.late && <Chip size="small" label={t('mgmt.late')} />}
                  </Stack>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{r.clubName}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{new Date(r.createdAt).toLocaleString()}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={query.data?.total ?? 0}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={(_, next) => set({ page: String(next) })}
          onRowsPerPageChange={(e) => set({ pageSize: e.target.value })}
          labelRowsPerPage={t('mgmt.rowsPerPage')}
        />
      </TableContainer>
    </Stack>
  );
}
