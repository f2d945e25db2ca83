/**
 * Rows per multi-row INSERT: one statement instead of one per row (a sync writes tens of thousands of rows), kept
 * under both backends' limits on bound parameters (SQLite 32,766; PostgreSQL 65,535) for tables of up to 30 columns.
 */
export const ROWS_PER_INSERT = 1000;

/** `rows` in consecutive slices of at most `size`. */
export function* inBatches<T>(rows: readonly T[], size = ROWS_PER_INSERT): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}
