import { bigserial, boolean, date, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Language, MealPlan, ReservationGuest } from '@bjk/domain';
import { changeStampColumns, deletedWith } from '../../platform/columns.js';

/** The venue's rooms (the inventory): the number's first digit is the floor. */
export const rooms = pgTable('lodging_rooms', {
  number: text('number').primaryKey(),
  floor: integer('floor').notNull(),
  roomType: text('room_type').notNull(),
  venueCode: text('venue_code').notNull().default(''),
  capacity: integer('capacity').notNull(),
  blocked: boolean('blocked').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Feeds the human-readable request numbers (R2027-0001): gaps are harmless, duplicates impossible. */
export const reservationNumberSequence = pgSequence('lodging_reservation_number_seq', { startWith: 1 });

export type StoredDiscount = { kind: 'amount'; amountCents: number } | { kind: 'percent'; percent: number };

/** A lodging request for one room with its guests and meal plan. */
export const reservations = pgTable(
  'lodging_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    /** One per wizard run: a resubmitted run finds its reservation instead of making a second one. */
    submissionId: uuid('submission_id').unique(),
    editionCode: text('edition_code').notNull(),
    language: text('language').$type<Language>().notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    address: text('address').notNull(),
    roomType: text('room_type').notNull(),
    arrivalDate: date('arrival_date', { mode: 'string' }).notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    mealPlan: text('meal_plan').$type<MealPlan>().notNull(),
    guests: jsonb('guests').$type<ReservationGuest[]>().notNull(),
    remarks: text('remarks').notNull().default(''),
    internalRemarks: text('internal_remarks').notNull().default(''),
    discount: jsonb('discount').$type<StoredDiscount | null>(),
    enabled: boolean('enabled').notNull().default(true),
    ...changeStampColumns(),
  },
  (t) => [index('lodging_reservations_created_at_idx').on(t.createdAt)],
);

/**
 * Which reservation holds which room. The room number is the primary key: a room can never hold two
 * reservations at once, whatever the concurrency (DOMAIN.md §5).
 */
export const roomAssignments = pgTable(
  'lodging_room_assignments',
  {
    roomNumber: text('room_number')
      .primaryKey()
      .references(() => rooms.number),
    reservationId: deletedWith(uuid('reservation_id').notNull(), () => reservations.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lodging_room_assignments_reservation_idx').on(t.reservationId)],
);

/** The per-reservation history the desk reads (the audit log keeps the platform-wide trail). */
export const reservationHistory = pgTable(
  'lodging_reservation_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reservationId: deletedWith(uuid('reservation_id').notNull(), () => reservations.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown> | null>(),
  },
  (t) => [index('lodging_reservation_history_reservation_idx').on(t.reservationId, t.at)],
);
