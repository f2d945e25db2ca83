import { z } from 'zod';

/**
 * Pagination as the resources see it (contract §3): the query a list accepts and the page a list returns. It lives
 * outside http/ so services can take and return pages without depending on the HTTP layer, which only renders them.
 */

/** limit 1–100 (default 50), offset ≥ 0 (default 0). */
export const paginationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});
export type PaginationQuery = z.output<typeof paginationQuery>;

export interface Pagination {
  limit: number;
  offset: number;
  total: number;
}

/** What a list returns: the page of items and the pagination meta. */
export interface ListResult<T> {
  items: T[];
  pagination: Pagination;
}
