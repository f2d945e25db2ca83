import { z } from 'zod';
import { paginationQuery } from '../pagination.js';

export const dateWindowQuery = z.object({
  startDate: z.string().max(40).optional().meta({ description: 'ISO 8601 date or date-time, inclusive.' }),
  endDate: z
    .string()
    .max(40)
    .optional()
    .meta({ description: 'ISO 8601 date or date-time, inclusive; a bare date covers that whole UTC day.' }),
});

const count = z.number().int().min(0);

export const analyticsSchema = z.object({
  suggestions: z.object({ total: count, pending: count, approved: count, implemented: count, rejected: count }),
  implementations: z.object({ total: count, successful: count, failed: count, pending: count, rolledBack: count }),
  pages: z.object({ total: count, synced: count, pending: count }),
  links: z.object({ total: count, active: count, broken: count, unresolved: count, redirected: count }),
  window: z.object({ startDate: z.string().nullable(), endDate: z.string().nullable() }),
});
export type Analytics = z.output<typeof analyticsSchema>;

export const timeseriesPoint = z.object({ date: z.string(), suggestions: count, implementations: count });
export type TimeseriesPoint = z.output<typeof timeseriesPoint>;

export const orphanPage = z.object({ id: z.string(), url: z.string(), title: z.string() });
export type OrphanPage = z.output<typeof orphanPage>;

export const brokenLink = z.object({
  sourcePageId: z.string(),
  sourcePageUrl: z.string(),
  targetUrl: z.string(),
  anchorText: z.string(),
  statusCode: z.number().int(),
});
export type BrokenLink = z.output<typeof brokenLink>;

export const inboundLinks = z.object({
  buckets: z.array(z.object({ label: z.string(), min: count, max: count.nullable(), pages: count })),
});
export type InboundLinks = z.output<typeof inboundLinks>;

export const reportPageQuery = paginationQuery;
