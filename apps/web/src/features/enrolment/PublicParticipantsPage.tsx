import { Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicParticipant } from '@bjk/domain/enrolment';
import { useEdition } from '../../shared/edition/useEdition';
import { useResource } from '../../shared/data/resource';
import { PageLoading } from '../../shared/ui/PageLoading';
import { LoadFailure } from '../../shared/ui/plain/LoadFailure';
import { SelectInput, TextInput } from '../../shared/ui/plain/fields';
import { TableContent, type Column } from '../../shared/ui/plain/Table';
import { ShellButton } from '../../shared/ui/ShellButton';
import { loadPublicParticipants, publicParticipantsKey } from './public-participants-resource';
import './public-participants.css';

type Sort = 'name' | 'rating' | 'category';
/** Rows drawn at first: a phone shows 700 players without building 700 rows before the first paint. */
const PAGE = 100;

const byName = (a: PublicParticipant, b: PublicParticipant) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName);
const rating = (p: PublicParticipant) => Math.max(p.ratingFide ?? 0, p.ratingNational ?? 0);

/**
 * `/participants_bjk`: enabled players only, name, club, category and ratings. Plain elements with static CSS and
 * native fields, routed with `{ mui: false, queries: false }` (decision 0003): the list shows on a phone without MUI's
 * JavaScript, read through the resource cache (the public site's one data cache, issue #25). The filters show at
 * once; the list below them waits for its load.
 */
export function PublicParticipantsPage() {
  const { t } = useTranslation('enrolment');
  const edition = useEdition();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [sort, setSort] = useState<Sort>('name');
  const [shown, setShown] = useState(PAGE);
  const deferred = useDeferredValue(search);

  const players = edition.categories.filter((c) => c.kind === 'player');
  return (
    <div className="bjk-stack">
      <h1 className="bjk-h1">{t('participants.title')}</h1>
      <div className="bjk-participants-filters">
        <TextInput
          label={t('participants.search')}
          type="search"
          value={search}
          onChange={(e) => (setSearch(e.target.value), setShown(PAGE))}
          className="bjk-participants-search"
          data-testid="participants-search"
        />
        <SelectInput label={t('participants.category')} value={category} onChange={(e) => (setCategory(e.target.value), setShown(PAGE))}>
          <option value="">{t('participants.all')}</option>
          {players.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code}
            </option>
          ))}
        </SelectInput>
        <SelectInput label={t('participants.sort')} value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
          <option value="name">{t('participants.byName')}</option>
          <option value="rating">{t('participants.byRating')}</option>
          <option value="category">{t('participants.byCategory')}</option>
        </SelectInput>
      </div>
      <LoadFailure>
        <Suspense fallback={<PageLoading />}>
          <ParticipantList search={deferred} category={category} sort={sort} shown={shown} onMore={() => setShown((n) => n + PAGE * 3)} />
        </Suspense>
      </LoadFailure>
    </div>
  );
}

/** The players matching the filters: the count, the table and the "more" button, once the list has loaded. */
function ParticipantList({ search, category, sort, shown, onMore }: { search: string; category: string; sort: Sort; shown: number; onMore: () => void }) {
  const { t } = useTranslation('enrolment');
  const edition = useEdition();
  const { items, unnamed: unnamedByCategory } = useResource(publicParticipantsKey('bjk'), loadPublicParticipants('bjk'));
  // Players whose family did not consent to the name on the list are counted, not named (decision 0020).
  const unnamed = unnamedByCategory.filter((u) => !category || u.category === category).reduce((n, u) => n + u.count, 0);
  const categoryOrder = useMemo(() => new Map(edition.categories.map((c, i) => [c.code, i])), [edition]);
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const list = items.filter(
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
  }, [items, search, category, sort, categoryOrder]);
  const columns: Column<PublicParticipant>[] = [
    {
      head: t('participants.name'),
      cell: (p) => (
        <>
          <span className="bjk-participants-name">
            {p.lastName} {p.firstName}
          </span>
          {p.clubName && <span className="bjk-participants-club">{p.clubName}</span>}
        </>
      ),
    },
    { head: t('participants.category'), cell: (p) => p.category },
    { head: t('participants.ratingFide'), className: 'bjk-participants-num', cell: (p) => p.ratingFide ?? '—' },
    { head: t('participants.ratingNational'), className: 'bjk-participants-num bjk-participants-wide', cell: (p) => p.ratingNational ?? '—' },
  ];
  return (
    <>
      <p className="bjk-body2 bjk-secondary" data-testid="participants-count">
        {t('participants.count', { count: rows.length })}
      </p>
      {rows.length === 0 && <p className="bjk-body1">{t('participants.none')}</p>}
      {unnamed > 0 && (
        <p className="bjk-body2 bjk-secondary" data-testid="participants-unnamed">
          {t('participants.unnamed', { count: unnamed })}
        </p>
      )}
      {rows.length > 0 && (
        <table className="bjk-participants" data-testid="participants-table">
          <TableContent columns={columns} rows={rows.slice(0, shown)} rowKey={(p) => p.id} />
        </table>
      )}
      {rows.length > shown && (
        <ShellButton variant="outlined" onClick={onMore}>
          {t('participants.more', { count: rows.length - shown })}
        </ShellButton>
      )}
    </>
  );
}
