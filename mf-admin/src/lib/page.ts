/** One page of a server-paged admin list (`GET /api/admin/…?page&limit&sort&q`). */
export interface Page<T> {
  items: T[];
  /** Rows matching the filter on all pages. */
  total: number;
  page: number;
  limit: number;
}
