import { ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The one way a list's `search` becomes a LIKE pattern: `%`, `_` and `\` in what the manager typed match
 * themselves (PostgreSQL's default LIKE escape character is the backslash), so "50%" finds "50%", not "500".
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A pattern matching any text that contains `text`. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** A pattern matching any text that starts with `text`. */
export const prefixPattern = (text: string): string => `${escapeLike(text)}%`;

/** Case-insensitive "contains" on a text column. */
export const containsText = (column: AnyColumn | SQL, text: string): SQL => ilike(column, containsPattern(text));

/** Case-insensitive "contains" on a JSON column read as text (e-mail lists, guests). */
export const jsonContainsText = (column: AnyColumn, text: string): SQL => sql`${column}::text ilike ${containsPattern(text)}`;

/** A list's `search`: any of the text columns contains what the manager typed, or one of the `exact` conditions holds. */
export function searchCondition(search: string | undefined, columns: readonly (AnyColumn | SQL)[], ...exact: SQL[]): SQL | undefined {
  if (!search) return undefined;
  return or(...columns.map((column) => containsText(column, search)), ...exact);
}
