import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import OnlineIcon from '@mui/icons-material/CloudDone';
import OfflineIcon from '@mui/icons-material/CloudOff';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DESK_MODES,
  formatBadgeId,
  hasMealBooked,
  nameKeyOf,
  parseBadgeId,
  type DeskMode,
  type DeskRoster,
  type MealSlot,
  type RosterPerson,
} from '@bjk/domain/desk';
import type { MealKind } from '@bjk/domain/lodging-pricing';
import { useManager } from '../../shared/auth/session';
import { HttpError } from '../../shared/http';
import { formatDate, formatDateTime } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { SelectField } from '../../shared/forms/SelectField';
import { useErrorMessage } from '../../shared/ui/error-message';
import { DeskSync, scansOfBadge, type DeskState, type KnownScan } from './desk-sync';
import { keepDeskPageOffline } from './offline-page';
import { PersonCard } from './PersonCard';
import { Scanner } from './Scanner';

const SETTINGS_KEY = 'bjk.desk.settings';
type DeskSettings = { deskName: string; mode: DeskMode; mealDate: string; meal: MealKind };

function readSettings(fallbackName: string): DeskSettings {
  try {
    const stored = JSON.parse(window.localStorage.getItem(SETTINGS_KEY) ?? 'null') as Partial<DeskSettings> | null;
    return { deskName: fallbackName, mode: 'arrival', mealDate: '', meal: 'breakfast', ...stored };
  } catch {
    return { deskName: fallbackName, mode: 'arrival', mealDate: '', meal: 'breakfast' };
  }
}

/** What the last scan (or a person picked by name) shows: whose card, and the scan made, if any. */
type Current = { badgeId: string; scanId: string | null; text: string };

/**
 * `/mgmt/desk`, built for a phone at the venue's doors: arrivals, meals and departures recorded by scanning the
 * badge's QR code (or by name), working offline from the day's roster kept on the phone (decision 0012).
 */
export function DeskPage() {
  const { t } = useTranslation('desk');
  const manager = useManager();
  const sync = useMemo(() => new DeskSync(() => manager?.token ?? null), [manager?.token]);
  const state = useSyncExternalStore(sync.subscribe, sync.snapshot);
  const [settings, setSettings] = useState(() => readSettings(manager?.account.displayName ?? 'Desk'));
  const [current, setCurrent] = useState<Current | null>(null);
  const [search, setSearch] = useState('');

  useEffect(() => {
    void sync.start();
    return () => sync.stop();
  }, [sync]);

  useEffect(() => {
    window.localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  }, [settings]);

  // The roster (photos of minors) is wiped when its day is over, even on a phone left open.
  const validUntil = state.roster?.validUntil;
  useEffect(() => {
    if (!validUntil) return;
    const timer = setTimeout(() => void sync.endDay(), Math.max(0, Date.parse(validUntil) - Date.now()));
    return () => clearTimeout(timer);
  }, [validUntil, sync]);

  useEffect(() => {
    if (state.roster) keepDeskPageOffline();
  }, [state.roster]);

  const roster = state.roster;
  const mealDays = roster?.mealDays ?? [];
  const mealDate = mealDays.some((d) => d.date === settings.mealDate)
    ? settings.mealDate
    : (mealDays.find((d) => d.date === roster?.date)?.date ?? mealDays[0]?.date ?? '');
  const mealsOfDay = mealDays.find((d) => d.date === mealDate)?.meals ?? [];
  const meal = mealsOfDay.includes(settings.meal) ? settings.meal : (mealsOfDay[0] ?? settings.meal);
  const slot: MealSlot | null = settings.mode === 'meal' && mealDate ? { date: mealDate, meal } : null;

  const record = async (badgeId: string, text: string) => {
    if (settings.mode === 'meal' && !slot) return;
    const scanId = await sync.record(
      settings.mode === 'meal'
        ? { badgeId, mode: 'meal', meal: slot!, desk: settings.deskName.trim() || 'Desk' }
        : { badgeId, mode: settings.mode, desk: settings.deskName.trim() || 'Desk' },
    );
    setCurrent({ badgeId, scanId, text });
  };

  const onCode = (text: string) => {
    const badge = parseBadgeId(text);
    if (!badge || (roster && badge.editionCode !== roster.editionCode)) {
      setCurrent({ badgeId: '', scanId: null, text });
      return;
    }
    setSearch('');
    void record(formatBadgeId(badge), text);
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h1">{t('title')}</Typography>
      <StatusBar state={state} />
      {state.rosterError != null && !roster && <ErrorAlert error={state.rosterError} />}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          exclusive
          color="primary"
          size="small"
          value={settings.mode}
          onChange={(_e, mode: DeskMode | null) => mode && setSettings((s) => ({ ...s, mode }))}
          aria-label={t('mode.label')}
          data-testid="desk-mode"
        >
          {DESK_MODES.map((mode) => (
            <ToggleButton key={mode} value={mode} data-testid={`desk-mode-${mode}`} sx={{ color: 'text.primary' }}>
              {t(`mode.${mode}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          size="small"
          label={t('deskName')}
          value={settings.deskName}
          onChange={(e) => setSettings((s) => ({ ...s, deskName: e.target.value.slice(0, 40) }))}
          sx={{ minWidth: 140, flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'desk-name' } }}
        />
      </Stack>
      {settings.mode === 'meal' && roster && (
        <Stack direction="row" spacing={1}>
          <SelectField
            size="small"
            label={t('meal.day')}
            value={mealDate}
            onChange={(e) => setSettings((s) => ({ ...s, mealDate: e.target.value }))}
            sx={{ flex: 1 }}
            data-testid="desk-meal-day"
            options={mealDays.map((d) => ({
              value: d.date,
              label: formatDate(d.date, currentLanguage(), { weekday: 'short', day: 'numeric', month: 'short' }),
            }))}
          />
          <SelectField
            size="small"
            label={t('meal.which')}
            value={meal}
            onChange={(e) => setSettings((s) => ({ ...s, meal: e.target.value as MealKind }))}
            sx={{ flex: 1 }}
            data-testid="desk-meal-kind"
            options={mealsOfDay.map((m) => ({ value: m, label: t(`meal.${m}`) }))}
          />
        </Stack>
      )}
      {roster && <Scanner onCode={onCode} />}
      {roster && (
        <NameSearch
          roster={roster}
          value={search}
          onChange={setSearch}
          onPick={(p) => (setSearch(''), setCurrent({ badgeId: p.badgeId, scanId: null, text: p.badgeId }))}
        />
      )}
      {roster && current && (
        <Outcome current={current} roster={roster} state={state} mode={settings.mode} slot={slot} onRecord={(badgeId) => void record(badgeId, badgeId)} />
      )}
      <Refused state={state} />
    </Stack>
  );
}

function StatusBar({ state }: { state: DeskState }) {
  const { t } = useTranslation('desk');
  const language = currentLanguage();
  const roster = state.roster;
  return (
    <Stack spacing={0.5} role="status" data-testid="desk-status">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip
          icon={state.online ? <OnlineIcon /> : <OfflineIcon />}
          color={state.online ? 'success' : 'error'}
          label={state.online ? t('status.online') : t('status.offline')}
          data-testid="desk-online"
          data-online={state.online}
        />
        <Typography variant="body2" data-testid="desk-queued" data-count={state.queued}>
          {state.queued > 0 ? t('status.queued', { count: state.queued }) : t('status.allSent')}
        </Typography>
      </Stack>
      <Typography variant="body2" color="textSecondary" data-testid="desk-roster-loaded">
        {!state.ready
          ? t('status.loading')
          : roster
            ? t('status.rosterLoaded', {
                date: formatDate(roster.date, language, { day: 'numeric', month: 'long' }),
                time: formatDateTime(roster.loadedAt, language, roster.timeZone, { timeStyle: 'short' }),
              })
            : state.online
              ? t('status.loading')
              : t('status.noRoster')}
      </Typography>
    </Stack>
  );
}

/** People whose name contains every typed word (accents and case do not count), at most a handful. */
function matchPeople(roster: DeskRoster, text: string): RosterPerson[] {
  const words = nameKeyOf(text, '').split('|')[0]!.split(' ').filter(Boolean);
  if (words.length === 0) return [];
  return roster.people
    .filter((p) => {
      const key = nameKeyOf(p.firstName, p.lastName).replace('|', ' ');
      return words.every((w) => key.includes(w));
    })
    .slice(0, 8);
}

function NameSearch({
  roster,
  value,
  onChange,
  onPick,
}: {
  roster: DeskRoster;
  value: string;
  onChange: (v: string) => void;
  onPick: (p: RosterPerson) => void;
}) {
  const { t } = useTranslation('desk');
  const found = useMemo(() => matchPeople(roster, value), [roster, value]);
  return (
    <Stack spacing={0.5}>
      <TextField
        size="small"
        label={t('search.label')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        slotProps={{ htmlInput: { 'data-testid': 'desk-search' } }}
      />
      {value.trim() !== '' && found.length === 0 && <Typography color="textSecondary">{t('search.none')}</Typography>}
      {found.length > 0 && (
        <List dense disablePadding data-testid="desk-search-results">
          {found.map((p) => (
            <ListItemButton key={p.badgeId} onClick={() => onPick(p)}>
              <ListItemText primary={`${p.firstName} ${p.lastName}`} secondary={p.category} />
            </ListItemButton>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** The verdict of the last scan (or the card of a person picked by name, with a button to record). */
function Outcome({
  current,
  roster,
  state,
  mode,
  slot,
  onRecord,
}: {
  current: Current;
  roster: DeskRoster;
  state: DeskState;
  mode: DeskMode;
  slot: MealSlot | null;
  onRecord: (badgeId: string) => void;
}) {
  const { t } = useTranslation('desk');
  const language = currentLanguage();
  if (!current.badgeId) {
    return (
      <Alert severity="error" data-testid="desk-result" data-result="unknown">
        {t('result.unknownBadge', { text: current.text.slice(0, 60) })}
      </Alert>
    );
  }
  const person = roster.people.find((p) => p.badgeId === current.badgeId);
  const scan = current.scanId ? state.scans.find((s) => s.id === current.scanId) : undefined;
  const name = person ? `${person.firstName} ${person.lastName}` : current.badgeId;
  const time = (instant: string) => formatDateTime(instant, language, roster.timeZone, { timeStyle: 'short' });
  const scanSlot = scan?.meal ?? slot;
  const warnings: string[] = [];
  if (person && !person.enabled) warnings.push(t('result.disabled', { name }));
  if (person && (scan?.mode ?? mode) === 'meal' && scanSlot && !hasMealBooked(person.meals, scanSlot)) {
    warnings.push(
      t('result.notBooked', {
        name,
        meal: t(`meal.${scanSlot.meal}`).toLowerCase(),
        date: formatDate(scanSlot.date, language, { day: 'numeric', month: 'long' }),
      }),
    );
  }
  if (person && (scan?.mode ?? mode) === 'arrival' && (person.payment === 'open' || person.payment === 'partially_paid')) warnings.push(t('result.unpaid'));
  return (
    <Stack spacing={1}>
      {scan && <Verdict scan={scan} name={name} time={time} />}
      {!person && (
        <Alert severity="warning" data-testid="desk-not-on-roster">
          {t('result.notOnRoster', { badge: current.badgeId })}
        </Alert>
      )}
      {warnings.map((w) => (
        <Alert key={w} severity="warning" data-testid="desk-warning">
          {w}
        </Alert>
      ))}
      {person && <PersonCard person={person} scans={scansOfBadge(state.scans, person.badgeId, roster)} timeZone={roster.timeZone} />}
      {person && !current.scanId && (
        <Button variant="contained" onClick={() => onRecord(person.badgeId)} data-testid="desk-record" disabled={mode === 'meal' && !slot}>
          {t('search.record', { mode: t(`mode.${mode}`) })}
        </Button>
      )}
    </Stack>
  );
}

function Verdict({ scan, name, time }: { scan: KnownScan; name: string; time: (instant: string) => string }) {
  const { t } = useTranslation('desk');
  if (scan.status === 'repeat' && scan.first) {
    const key = scan.mode === 'arrival' ? 'result.repeatArrival' : scan.mode === 'departure' ? 'result.repeatDeparture' : 'result.repeatMeal';
    return (
      <Alert severity="warning" data-testid="desk-result" data-result="repeat">
        {t(key, { time: time(scan.first.scannedAt), desk: scan.first.desk })}
      </Alert>
    );
  }
  return (
    <Alert severity="success" data-testid="desk-result" data-result="counted">
      {t('result.recorded', { mode: t(`mode.${scan.mode}`), name })}
    </Alert>
  );
}

function Refused({ state }: { state: DeskState }) {
  if (state.refused.length === 0) return null;
  return (
    <Stack spacing={1}>
      {state.refused.slice(-3).map((r) => (
        <RefusedScan key={r.id} badgeId={r.badgeId} code={r.code} />
      ))}
    </Stack>
  );
}

function RefusedScan({ badgeId, code }: { badgeId: string; code: string }) {
  const { t } = useTranslation('desk');
  const reason = useErrorMessage(new HttpError(400, code, code));
  return (
    <Alert severity="error" data-testid="desk-refused">
      {t('result.refused', { badge: badgeId, reason })}
    </Alert>
  );
}
