import { bigserial, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BadgeHolderType, DeskMode, MealKind } from '@bjk/domain';

/**
 * Every scan made at the venue's desks (arrival, a meal, a departure). The id is made on the phone that scanned, so
 * a scan sent again (a phone that lost its answer, a queue sent twice) is the same row; `seq` numbers rows in the
 * order they reached the server, so phones ask for what came after the last they saw. Which of two scans of one
 * thing counts is decided when read (`judgeDeskEvents`), never stored: the verdict cannot go stale when an earlier
 * scan of an offline phone arrives later.
 */
export const deskEvents = pgTable(
  'desk_events',
  {
    id: uuid('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique('desk_events_seq_key'),
    editionCode: text('edition_code').notNull(),
    badgeId: text('badge_id').notNull(),
    holderType: text('holder_type').$type<BadgeHolderType>().notNull(),
    personId: integer('person_id').notNull(),
    mode: text('mode').$type<DeskMode>().notNull(),
    mealDate: date('meal_date', { mode: 'string' }),
    meal: text('meal').$type<MealKind>(),
    /** What makes two scans the same thing (`deskEventKey`): one arrival, one departure, one meal of a day per person. */
    eventKey: text('event_key').notNull(),
    /** The phone's clock when it scanned (no later than its arrival here). */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    desk: text('desk').notNull(),
    /** The account whose session sent it. */
    accountId: uuid('account_id'),
  },
  (t) => [index('desk_events_key_idx').on(t.editionCode, t.eventKey), index('desk_events_mode_idx').on(t.editionCode, t.mode, t.mealDate)],
);
