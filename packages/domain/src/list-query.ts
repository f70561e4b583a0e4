import { z } from 'zod';
import { pageParamSchema } from './input-rules.js';

/**
 * The one convention of every managers' list (registrations, participants, attendees, reservations, payment
 * requests, the mail outbox, the audit trail, news …): the first page is **1**, `pageSize` rows per page, one
 * free-text parameter `search` (matched as a substring, `%` and `_` taken literally), and the answer
 * `{ items, total, page, pageSize }` (`total` counts the whole filtered set). A list extends the query with its
 * own filters and sort (`pageQuerySchema.extend({ status: … })`) and wraps its row schema in `pageOf(row)`.
 */
export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 500;

/** `pageSize` of a list: default and maximum (a list read whole, such as the start list, allows more). */
export const pageSizeSchema = (defaultSize: number = PAGE_SIZE_DEFAULT, max: number = PAGE_SIZE_MAX) =>
  z.coerce.number().int().min(1).max(max).default(defaultSize);

export const searchParamSchema = z.string().trim().max(100).optional();

export const pageQuerySchema = z.object({
  search: searchParamSchema,
  page: pageParamSchema.default(1),
  pageSize: pageSizeSchema(),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const sortDirectionSchema = z.enum(SORT_DIRECTIONS);

/** The answer of a list: one page of rows and where it lies in the whole filtered set. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** How many rows to skip for a page (pages count from 1). */
export const pageOffset = (query: { page: number; pageSize: number }): number => (query.page - 1) * query.pageSize;

/** The OpenAPI note of every list route, so a client reading the description learns the convention. */
export const LIST_CONVENTION_NOTE =
  'Paged list: `page` counts from 1, `pageSize` rows per page, `search` is a substring search (`%` and `_` match themselves); the answer is `{ items, total, page, pageSize }`.';

/** Lists that counted pages from 0 and searched with `q` before the convention (registrations, participants, outbox). */
export const LIST_CHANGED_NOTE = 'Changed: pages count from 1 (they counted from 0) and the search parameter is `search` (it was `q`).';
