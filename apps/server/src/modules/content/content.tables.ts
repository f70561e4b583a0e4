import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { FileRef, PageTranslations } from '@bjk/domain';
import { changeStampColumns, deletedWith } from '../../platform/columns.js';

/**
 * An information page. The published texts live in `content_page_versions` (`version` points at the
 * current one); while a manager has it checked out, `locked_by` holds the lock and `working_copy` the
 * edits. The lock is taken with a conditional update, so two managers can never both hold it.
 */
export const contentPages = pgTable('content_pages', {
  slug: text('slug').primaryKey(),
  published: boolean('published').notNull().default(true),
  menuGroup: text('menu_group').notNull().default('none'),
  menuOrder: integer('menu_order').notNull().default(0),
  version: integer('version').notNull(),
  lockedBy: text('locked_by'),
  lockedByName: text('locked_by_name'),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  workingCopy: jsonb('working_copy').$type<{ translations: PageTranslations; heroImage: FileRef | null }>(),
  ...changeStampColumns(),
});

/** Every published state of a page, kept so a manager can look back and restore one. */
export const contentPageVersions = pgTable(
  'content_page_versions',
  {
    slug: deletedWith(text('slug').notNull(), () => contentPages.slug),
    version: integer('version').notNull(),
    translations: jsonb('translations').$type<PageTranslations>().notNull(),
    heroImage: jsonb('hero_image').$type<FileRef>(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.slug, t.version] })],
);

/** Dated news entries, per language like pages. */
export const contentNews = pgTable(
  'content_news',
  {
    id: serial('id').primaryKey(),
    date: date('date', { mode: 'string' }).notNull(),
    published: boolean('published').notNull().default(true),
    translations: jsonb('translations').$type<PageTranslations>().notNull(),
    ...changeStampColumns(),
  },
  (t) => [
    index('content_news_date_idx')
      .on(t.date.desc(), t.id.desc())
      .where(sql`${t.published}`),
  ],
);
