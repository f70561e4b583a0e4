import { boolean, customType, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FileDisplayName } from '@bjk/domain';
import { changeStampColumns } from '../../platform/columns.js';

/** Raw bytes (bytea), a Buffer in and out. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Groups files are addressed by (`docs`, `pages`, `trn`, `sponsors`); only public groups are served to visitors. */
export const fileGroups = pgTable('file_groups', {
  code: text('code').primaryKey(),
  public: boolean('public').notNull().default(false),
  label: jsonb('label').$type<FileDisplayName>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Uploaded files, bytes included: kept in PostgreSQL rather than on a local disk so any number of
 * server instances serve the same files and a database backup holds everything.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupCode: text('group_code')
      .notNull()
      .references(() => fileGroups.code),
    name: text('name').notNull(),
    displayName: jsonb('display_name').$type<FileDisplayName>().notNull(),
    contentType: text('content_type').notNull(),
    inline: boolean('inline').notNull(),
    size: integer('size').notNull(),
    /** SHA-256 of the bytes, base64url: the ETag. */
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    uploadedBy: text('uploaded_by'),
    ...changeStampColumns(),
  },
  (t) => [uniqueIndex('stored_files_group_name_idx').on(t.groupCode, t.name)],
);

/** Sponsors shown in the site's carousel: a logo (a stored file) linking to their site. */
export const sponsors = pgTable('sponsors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  logoGroup: text('logo_group').notNull(),
  logoName: text('logo_name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
