import { z } from 'zod';

/** limit 1–100 (default 50), offset ≥ 0 (default 0) — contract §3. */
export const paginationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});
export type PaginationQuery = z.output<typeof paginationQuery>;

export const isoTimestamp = z.string().meta({ format: 'date-time', description: 'ISO 8601, UTC, with milliseconds.' });

export const projectParams = z.object({ projectId: z.string().min(1).max(64) });

export const successResponse = z.object({ success: z.literal(true) });

/** An absolute http(s) URL. */
export const httpUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'Must be an absolute http or https URL.');

/** A path prefix such as `/blog/`. */
export const pathPrefix = z.string().min(1).max(500).startsWith('/', 'Must start with "/".');
