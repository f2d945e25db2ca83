import { z } from 'zod';
import { isoTimestamp, projectParams } from '../http/common-schemas.js';
import { paginationQuery } from '../pagination.js';

export const PLATFORMS = ['wordpress', 'custom', 'manual'] as const;
export const IMPLEMENTATION_STATUSES = ['pending', 'completed', 'failed', 'rolled_back'] as const;
export type ImplementationStatus = (typeof IMPLEMENTATION_STATUSES)[number];

const suggestionId = z.string().min(1).max(64);

export const createImplementationBody = z.object({
  suggestionIds: z
    .array(suggestionId)
    .min(1)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, 'Each suggestion id may appear once.'),
  platform: z.enum(PLATFORMS),
});
export type CreateImplementationInput = z.output<typeof createImplementationBody>;

export const reportResultsBody = z.object({
  results: z
    .array(
      z.object({
        suggestionId,
        succeeded: z.boolean(),
        error: z.string().max(1000).optional(),
      }),
    )
    .min(1)
    .max(100),
});
export type ReportResultsInput = z.output<typeof reportResultsBody>;

export const rollbackBody = z.object({
  reason: z.string().trim().min(1).max(500).optional().meta({ description: 'Why (kept in the audit); optional.' }),
  suggestionIds: z
    .array(suggestionId)
    .min(1)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, 'Each suggestion id may appear once.')
    .optional()
    .meta({ description: 'Only these links: each a succeeded, not yet rolled back item of this implementation. Absent: the whole implementation.' }),
});
export type RollbackInput = z.output<typeof rollbackBody>;

export const implementationResult = z.object({
  suggestionId: z.string(),
  succeeded: z.boolean().nullable(),
  error: z.string().nullable(),
  rolledBackAt: isoTimestamp.nullable().meta({ description: "When this item's link was rolled back (alone or with the whole implementation); null if it was not." }),
  rollbackReason: z.string().nullable().meta({ description: 'The reason given when this item was rolled back.' }),
});

export const implementationSchema = z.object({
  id: z.string(),
  suggestionIds: z.array(z.string()),
  platform: z.enum(PLATFORMS),
  status: z.enum(IMPLEMENTATION_STATUSES),
  createdAt: isoTimestamp,
  implementedAt: isoTimestamp.nullable(),
  summary: z.object({
    succeeded: z.number().int(),
    failed: z.number().int(),
    rolledBack: z.number().int().meta({ description: 'Succeeded items rolled back since (alone or all together).' }),
  }),
  rolledBackAt: isoTimestamp.nullable(),
  rollbackReason: z.string().nullable(),
  results: z.array(implementationResult),
});
export type Implementation = z.output<typeof implementationSchema>;

export const listImplementationsQuery = paginationQuery.extend({
  status: z.enum(IMPLEMENTATION_STATUSES).optional(),
  ids: z
    .string()
    .max(100 * 65)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.string().min(1).max(64)).max(100))
    .optional()
    .meta({ description: 'Comma-separated implementation ids (at most 100): only these.' }),
});
export type ListImplementationsQuery = z.output<typeof listImplementationsQuery>;

export const implementationParams = projectParams.extend({ implementationId: z.string().min(1).max(64) });
