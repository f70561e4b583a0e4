import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Language, PushNotice } from '@bjk/domain';
import { categoryScopeColumns, deletedWith, outboxDeliveryColumns } from '../../platform/columns.js';

/**
 * Who follows which player: one row per (browser or e-mail address, player). A browser's push subscription is
 * personal data (its endpoint identifies the device) and an e-mail address too: both are deleted after the edition
 * (`purgeFollowers`). The unfollow token is `<id>.<HMAC>` and is not stored.
 */
export const followSubscriptions = pgTable(
  'follow_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...categoryScopeColumns(),
    pairingNumber: integer('pairing_number').notNull(),
    /** The player's federation id when the file has it: keeps the follow on the child if a later file renumbers. */
    nationalId: integer('national_id'),
    channel: text('channel', { enum: ['push', 'email'] }).notNull(),
    /** The push endpoint, or the e-mail address in lower case: with the player, what makes a follow unique. */
    target: text('target').notNull(),
    /** RFC 8291 keys of a push subscription. */
    p256dh: text('p256dh'),
    auth: text('auth'),
    language: text('language').$type<Language>().notNull(),
    /** Push: at creation. E-mail: when the address's owner confirmed (double opt-in); null until then. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The last confirmation mail, so a repeated "follow" does not flood an address. */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('follow_subscriptions_target_idx').on(t.edition, t.category, t.pairingNumber, t.channel, t.target),
    index('follow_subscriptions_category_idx').on(t.edition, t.category),
    index('follow_subscriptions_endpoint_idx').on(t.target),
  ],
);

/**
 * The push outbox: one row per notice and subscription, written by the planner and delivered by the worker like the
 * mail outbox. `(subscription, event)` is unique, so planning twice (two instances, a retried hook) queues once.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: deletedWith(uuid('subscription_id').notNull(), () => followSubscriptions.id),
    /** What happened, e.g. `pairing:3:b5:w:12`, `result:3:1-0`, `final:4`, `live:3`. */
    eventKey: text('event_key').notNull(),
    /** The push `Topic`: a newer notice of the same game replaces an older one still waiting in the push service. */
    topic: text('topic').notNull(),
    notice: jsonb('notice').$type<PushNotice>().notNull(),
    ...outboxDeliveryColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_outbox_event_idx').on(t.subscriptionId, t.eventKey), index('push_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * E-mail followers get one message per family (address) and round, with the pairings of every child they follow, not
 * one per event. A digest row is made when the first of those children's round is paired and sent a short while later
 * (other categories are usually paired together), read fresh when it is sent; a child paired after it left gets a
 * second one (`round:<n>:<category>`). `(edition, email, key)` is unique.
 */
export const followDigests = pgTable(
  'follow_digests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    edition: text('edition').notNull(),
    email: text('email').notNull(),
    key: text('key').notNull(),
    round: integer('round').notNull(),
    /** The categories of this round it covers (written when sent). */
    covers: jsonb('covers').$type<string[]>().notNull().default([]),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('follow_digests_key_idx').on(t.edition, t.email, t.key), index('follow_digests_due_idx').on(t.sentAt, t.dueAt)],
);

/**
 * What followers of a player have been told, per event: the planner's memory. The first instance to insert an event
 * (unique key) fans it out to the player's followers in the same transaction; the others find it there and do
 * nothing. A follower receives the events planned after they followed (`plannedAt`), never what they already saw.
 */
export const followEvents = pgTable(
  'follow_events',
  {
    ...categoryScopeColumns(),
    pairingNumber: integer('pairing_number').notNull(),
    eventKey: text('event_key').notNull(),
    plannedAt: timestamp('planned_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('follow_events_key_idx').on(t.edition, t.category, t.pairingNumber, t.eventKey)],
);
