import { z } from 'zod';

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
