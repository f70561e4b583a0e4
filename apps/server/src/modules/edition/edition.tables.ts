import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EditionSettings } from '@bjk/domain';
import { changeStampColumns } from '../../platform/columns.js';

/** One row per championship edition; exactly one is current (the one the site shows). */
export const editions = pgTable(
  'editions',
  {
    code: text('code').primaryKey(),
    settings: jsonb('settings').$type<EditionSettings>().notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    ...changeStampColumns(),
  },
  (t) => [
    uniqueIndex('editions_one_current_idx')
      .on(t.isCurrent)
      .where(sql`${t.isCurrent}`),
  ],
);
