import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EditionSettings } from '@bjk/domain';

/** One row per championship edition; exactly one is current (the one the site shows). */
export const editions = pgTable(
  'editions',
  {
    code: text('code').primaryKey(),
    settings: jsonb('settings').$type<EditionSettings>().notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('editions_one_current_idx')
      .on(t.isCurrent)
      .where(sql`${t.isCurrent}`),
  ],
);
