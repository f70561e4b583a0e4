import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ListFilters, ListSearch, choices, yesNo, type FilterChoice } from '../../shared/ui/ListFilter';

type PlayerFilter<F extends string> = F | 'category' | 'enabled';

type PlayerFilterState<F extends string> = {
  search: string;
  setSearch: (value: string) => void;
  filters: Record<PlayerFilter<F>, string>;
  setFilter: (name: PlayerFilter<F>, value: string) => void;
};

/**
 * The filters of the back office's player lists (registrations, participants): a search, the category, the list's
 * own filters (`filters`, e.g. the registration's status), and whether the player is enabled.
 */
export function PlayerListFilters<F extends string = never>({
  list,
  categories,
  searchTestId,
  filters = [],
}: {
  list: PlayerFilterState<F>;
  categories: readonly string[];
  searchTestId: string;
  filters?: readonly FilterChoice<F>[];
}) {
  const { t } = useTranslation('enrolment');
  const all: readonly FilterChoice<PlayerFilter<F>>[] = [
    { name: 'category', label: t('details.category'), all: t('participants.all'), options: choices(categories, (code) => code) },
    ...filters,
    { name: 'enabled', label: t('mgmt.enabled'), options: yesNo(t('mgmt.yes'), t('mgmt.no'), ['1', '0']) },
  ];
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
      <ListSearch list={list} size="small" label={t('mgmt.search')} sx={{ flex: 2 }} testId={searchTestId} />
      <ListFilters list={list} filters={all} all={t('mgmt.any')} size="small" sx={{ flex: 1 }} />
    </Stack>
  );
}
