import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { REGISTRATION_KINDS, type RegistrationKind } from '@bjk/domain/enrolment';
import { useEdition } from './useEdition';

/**
 * The championship a management page shows, from `?kind=` (bjk when absent): registrations, participants
 * and attendees of both kinds go through the same pages, so a link or a bookmark keeps its kind.
 */
export function useRegistrationKind(): RegistrationKind {
  const [params] = useSearchParams();
  const kind = params.get('kind');
  return (REGISTRATION_KINDS as readonly string[]).includes(kind ?? '') ? (kind as RegistrationKind) : 'bjk';
}

/** `path` with the kind in its query (nothing for bjk, the default, so existing links stay as they were). */
export function withKind(path: string, kind: RegistrationKind): string {
  if (kind === 'bjk') return path;
  return `${path}${path.includes('?') ? '&' : '?'}kind=${kind}`;
}

/** The player categories of a kind: the edition's youth categories, or the vk categories. */
export function usePlayerCategoryCodes(kind: RegistrationKind): string[] {
  const edition = useEdition();
  if (kind === 'vk') return (edition.vk?.categories ?? []).map((c) => c.code);
  return edition.categories.filter((c) => c.kind === 'player').map((c) => c.code);
}

/** Switches the page between the championships; absent when the edition runs only bjk (and the page shows bjk). */
export function KindSwitch({ kind, onChange }: { kind: RegistrationKind; onChange?: (kind: RegistrationKind) => void }) {
  const { t } = useTranslation('enrolment');
  const edition = useEdition();
  const [, setParams] = useSearchParams();
  if (!edition.vk && kind === 'bjk') return null;
  const choose = (next: RegistrationKind) => {
    const changed = new URLSearchParams();
    // Filters and paging of one championship mean nothing in the other: only the kind carries over.
    if (next !== 'bjk') changed.set('kind', next);
    setParams(changed);
    onChange?.(next);
  };
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={kind}
      onChange={(_, value: RegistrationKind | null) => value && choose(value)}
      aria-label={t('kinds.label')}
      data-testid="kind-switch"
      // MUI's grey for the unselected button is below 4.5:1 on the back office's background.
      sx={{ bgcolor: 'background.paper', '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
    >
      {REGISTRATION_KINDS.map((k) => (
        <ToggleButton key={k} value={k} data-testid={`kind-${k}`}>
          {t(`kinds.${k}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
