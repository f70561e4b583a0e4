import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilter, ListSearch } from '../../shared/ui/ListFilter';

type PlayerFilterState = {
  search: string;
  setSearch: (value: string) => void;
  filters: Record<'category' | 'enabled', string>;
  setFilter: (name: 'category' | 'enabled', value: string) => void;
};

/**
 * The filters of the back office's player lists (registrations, participants): a search, the category, whatever the
 * list adds (`children`, e.g. the registration's status), and whether the player is enabled.
 */
export function PlayerListFilters({
  list,
  categories,
  searchTestId,
  children,
}: {
  list: PlayerFilterState;
  categories: readonly string[];
  searchTestId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('enrolment');
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
      <ListSearch list={list} size="small" label={t('mgmt.search')} sx={{ flex: 2 }} testId={searchTestId} />
      <ListFilter
        list={list}
        name="category"
        size="small"
        label={t('details.category')}
        all={t('participants.all')}
        options={categories.map((code) => ({ value: code, label: code }))}
        sx={{ flex: 1 }}
      />
      {children}
      <ListFilter
        list={list}
        name="enabled"
        size="small"
        label={t('mgmt.enabled')}
        all={t('mgmt.any')}
        options={[
          { value: '1', label: t('mgmt.yes') },
          { value: '0', label: t('mgmt.no') },
        ]}
        sx={{ flex: 1 }}
      />
    </Stack>
  );
}
