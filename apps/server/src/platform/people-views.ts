/** A repository's page of rows as the API's page of views: the rows mapped, the size of the filtered set, the page asked for. */
export function pageOfViews<R, V>(found: { rows: readonly R[]; total: number }, toView: (row: R) => V, query: { page: number; pageSize: number }) {
  return { items: found.rows.map((row) => toView(row)), total: found.total, page: query.page, pageSize: query.pageSize };
}
