import {
  DESK_ERRORS,
  addDays,
  dateInTimeZone,
  deskEventKey,
  judgeDeskEvents,
  parseBadgeId,
  startOfDayInTimeZone,
  type DeskDeparture,
  type DeskEvent,
  type DeskEventBatch,
  type DeskEventBatchResult,
  type DeskEventsPage,
  type DeskRoster,
  type EditionSettings,
  type JudgedDeskEvent,
} from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import type { ManagerContext, ServiceContext } from '../../platform/service-context.js';
import { keepSessionUntil } from '../accounts/accounts.service.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { findBadgeHolderNames } from '../participants/participants.service.js';
import {
  lastDeskEventSeq,
  listDeskEventsAfter,
  recordDeskEventRows,
  listDeskEventsOfDay,
  listDeskEventsOfMode,
  type DeskEventRow,
  type NewDeskEventRow,
} from './desk.repository.js';
import { buildRosterPeople, mealDaysOf } from './desk-roster.js';

/** The day a desk works in the edition's time zone, and the instant it ends (sessions and rosters last until then). */
export function deskDayOf(now: Date, settings: EditionSettings): { date: string; endsAt: Date } {
  const date = dateInTimeZone(now, settings.timeZone);
  return { date, endsAt: startOfDayInTimeZone(addDays(date, 1), settings.timeZone) };
}

export function toDeskEvent(row: DeskEventRow): DeskEvent {
  return {
    id: row.id,
    seq: row.seq,
    badgeId: row.badgeId,
    holder: row.holderType,
    personId: row.personId,
    mode: row.mode,
    meal: row.mealDate && row.meal ? { date: row.mealDate, meal: row.meal } : null,
    scannedAt: row.scannedAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    desk: row.desk,
  };
}

/**
 * The day's roster for a desk's phone: everyone with a badge (photo thumbnail, category, payment, stay, meals), the
 * meals served each day, and the scans a phone needs to warn offline (arrivals, departures, today's meals).
 */
export async function getDeskRoster(ctx: ServiceContext): Promise<DeskRoster> {
  const { db, clock } = ctx;
  const { code, settings } = await getCurrentEdition(db);
  const now = clock.now();
  const day = deskDayOf(now, settings);
  // The cursor first: a scan recorded while the roster is read is sent again after it, never missed.
  const last = await lastDeskEventSeq(db, code);
  const [people, events] = await Promise.all([buildRosterPeople(db, code, settings), listDeskEventsOfDay(db, code, day.date)]);
  return {
    editionCode: code,
    date: day.date,
    timeZone: settings.timeZone,
    loadedAt: now.toISOString(),
    validUntil: day.endsAt.toISOString(),
    mealDays: mealDaysOf(settings, people),
    people,
    events: events.map(toDeskEvent),
    last,
  };
}

/**
 * Records a phone's scans: each taken once by its id however often it is sent, a badge nobody of this edition wears
 * refused (the phone drops it from its queue and says so). Answers every scan of the batch judged against all scans
 * of the same thing, so a desk learns at once that another desk counted it first.
 */
export async function recordDeskEvents(ctx: ManagerContext, batch: DeskEventBatch): Promise<DeskEventBatchResult> {
  const { db, clock, actor } = ctx;
  const now = clock.now();
  const badges = batch.events.map((event) => ({ event, badge: parseBadgeId(event.badgeId) }));
  // The holders are looked up under the edition the badges name while the current edition is read (one round trip
  // less); only when that was not the current one (a batch of old badges) are they looked up again.
  const holdersIn = (edition: string) =>
    findBadgeHolderNames(
      db,
      edition,
      badges.flatMap(({ badge }) => (badge && badge.editionCode === edition ? [badge] : [])),
    );
  const named = badges.find((b) => b.badge)?.badge?.editionCode;
  const [{ code }, guessed] = await Promise.all([getCurrentEdition(db), named ? holdersIn(named) : new Map()]);
  const holders = named === code ? guessed : await holdersIn(code);
  const rejected: DeskEventBatchResult['rejected'] = [];
  const parsed = badges.flatMap(({ event, badge }) => {
    if (!badge || badge.editionCode !== code) {
      rejected.push({ id: event.id, code: DESK_ERRORS.otherEdition });
      return [];
    }
    return [{ event, badge }];
  });
  const rows: NewDeskEventRow[] = [];
  for (const { event, badge } of parsed) {
    if (!holders.has(`${badge.holder}:${badge.id}`)) {
      rejected.push({ id: event.id, code: DESK_ERRORS.unknownBadge });
      continue;
    }
    const scannedAt = new Date(Math.min(Date.parse(event.scannedAt), now.getTime()));
    const meal = event.mode === 'meal' ? event.meal : null;
    rows.push({
      id: event.id,
      editionCode: code,
      badgeId: event.badgeId.trim(),
      holderType: badge.holder,
      personId: badge.id,
      mode: event.mode,
      mealDate: meal?.date ?? null,
      meal: meal?.meal ?? null,
      eventKey: deskEventKey({ badgeId: event.badgeId.trim(), mode: event.mode, meal }),
      scannedAt,
      receivedAt: now,
      desk: event.desk,
      accountId: actor.accountId,
    });
  }
  const ids = rows.map((r) => r.id);
  // One round trip: the insert and the read after it, under the log's lock held inside PostgreSQL to their commit.
  const { rows: related, last } = await recordDeskEventRows(db, code, rows);
  // A resent id keeps what was recorded first (its key may differ from this copy's).
  const sent = new Set(ids);
  const recorded = related.filter((r) => sent.has(r.id));
  const verdicts = judgeDeskEvents(related.map(toDeskEvent));
  const byId = new Map(recorded.map((r) => [r.id, r]));
  const events: JudgedDeskEvent[] = ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const verdict = verdicts.get(id) ?? { status: 'counted' as const, first: null };
    return [{ ...toDeskEvent(row), ...verdict }];
  });
  return { events, rejected, last };
}

/** The most scans one read answers; a phone far behind asks again from the last it got. */
const EVENTS_PAGE = 1000;

/** Scans recorded after `after` (a phone's cursor), oldest first. */
export async function listDeskEventsSince(db: DbOrTx, after: number): Promise<DeskEventsPage> {
  const { code } = await getCurrentEdition(db);
  const rows = await listDeskEventsAfter(db, code, after, EVENTS_PAGE);
  return { events: rows.map(toDeskEvent), last: rows.at(-1)?.seq ?? after };
}

/** Who left early (the counted departure scans), newest first: the arbiters read it beside the families' absences. */
export async function listDepartures(db: DbOrTx): Promise<{ items: DeskDeparture[] }> {
  const { code } = await getCurrentEdition(db);
  const events = (await listDeskEventsOfMode(db, code, 'departure')).map(toDeskEvent);
  const verdicts = judgeDeskEvents(events);
  const counted = events.filter((e) => verdicts.get(e.id)?.status === 'counted');
  const names = await findBadgeHolderNames(
    db,
    code,
    counted.map((e) => ({ holder: e.holder, id: e.personId })),
  );
  return {
    items: counted
      .flatMap((e) => {
        const person = names.get(`${e.holder}:${e.personId}`);
        if (!person) return [];
        return [
          {
            eventId: e.id,
            badgeId: e.badgeId,
            holder: e.holder,
            personId: e.personId,
            firstName: person.firstName,
            lastName: person.lastName,
            category: person.category,
            scannedAt: e.scannedAt,
            desk: e.desk,
          },
        ];
      })
      .sort((a, b) => Date.parse(b.scannedAt) - Date.parse(a.scannedAt)),
  };
}

/** A desk's sign-in made to last its working day (it may be offline for hours: nothing slides it meanwhile). */
export async function keepDeskSession(ctx: ManagerContext, token: string): Promise<{ expiresAt: string }> {
  const { settings } = await getCurrentEdition(ctx.db);
  const expiresAt = await keepSessionUntil(ctx, token, deskDayOf(ctx.clock.now(), settings).endsAt);
  return { expiresAt: expiresAt.toISOString() };
}
