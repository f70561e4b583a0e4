import { getTableColumns } from 'drizzle-orm';
import { pgTable } from 'drizzle-orm/pg-core';
import { playerIdentityOf, playerIdentityInputSchema, playerIdentitySchema } from '@bjk/domain';
import { describe, expect, it } from 'vitest';
import { members, participants, registrations } from '../db/schema.js';
import { playerIdentityColumns } from './columns.js';

const FIELDS = Object.keys(playerIdentitySchema.shape).sort();

describe('the player identity, defined once', () => {
  it('has the same fields in the domain schema, its input schema, the column set and the mapper', () => {
    expect(Object.keys(playerIdentityInputSchema.shape).sort()).toEqual(FIELDS);
    expect(Object.keys(playerIdentityColumns()).sort()).toEqual(FIELDS);
    const row = { ...Object.fromEntries(FIELDS.map((f) => [f, null])), firstName: 'An', lastName: 'Peeters', extra: 'not identity' };
    expect(Object.keys(playerIdentityOf(row as never)).sort()).toEqual(FIELDS);
  });

  it('is carried with the same column names and types by every table of a player', () => {
    const reference = getTableColumns(pgTable('reference', playerIdentityColumns()));
    for (const table of [members, registrations, participants]) {
      const columns = getTableColumns(table);
      for (const [key, column] of Object.entries(reference)) {
        const carried = columns[key as keyof typeof columns];
        expect([carried?.name, carried?.getSQLType(), carried?.notNull]).toEqual([column.name, column.getSQLType(), column.notNull]);
      }
    }
  });
});
