import { z } from 'zod';
import { DEFAULT_MIN_RELEVANCE_SCORE } from '../engine/relevance.js';
import { httpUrl, isoTimestamp, projectParams } from '../http/common-schemas.js';
import { paginationQuery } from '../pagination.js';
import { MIN_SITE_LINK_PAGES, MIN_SITE_LINKED_EXAMPLES } from './project-relevance.js';

export const SUGGESTION_STATUSES = ['pending', 'approved', 'rejected', 'implemented'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

/** relevanceScore reads as the chance an editor accepts a suggestion; the engine owns the calibrated default. */
export { DEFAULT_MIN_RELEVANCE_SCORE };
export const DEFAULT_GENERATE_LIMIT = 10;

export const generateBody = z.object({
  sourcePageUrl: httpUrl,
  limit: z
    .number()
    .int()
    .min(1)
    .max(50)
    .optional()
    .meta({ description: "At most this many suggestions; the project's suggestionsPerPage when absent (default 10)." }),
  minRelevanceScore: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .meta({ description: `The lowest relevanceScore answered; the project's minRelevanceScore when absent (when that is null, ${DEFAULT_MIN_RELEVANCE_SCORE}).` }),
});
export type GenerateInput = z.output<typeof generateBody>;

/** Inbound suggestions (extension): which pages should link to a page of the project. */
export const inboundBody = z.object({
  targetUrl: httpUrl.meta({ description: 'A synced page of the project: the page the suggested links point to.' }),
  limit: z.number().int().min(1).max(50).default(DEFAULT_GENERATE_LIMIT),
  minRelevanceScore: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .meta({ description: `The lowest relevanceScore answered; the project's minRelevanceScore when absent (when that is null, ${DEFAULT_MIN_RELEVANCE_SCORE}).` }),
});
export type InboundInput = z.output<typeof inboundBody>;

export const suggestionSchema = z.object({
  id: z.string(),
  sourcePageUrl: z.string(),
  targetPageUrl: z.string(),
  anchorText: z.string(),
  context: z.string(),
  relevanceScore: z.number().min(0).max(1),
  status: z.enum(SUGGESTION_STATUSES),
  sourcePageId: z.string(),
  targetPageId: z.string(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type Suggestion = z.output<typeof suggestionSchema>;

export const SUGGESTION_SORT_FIELDS = ['createdAt', 'relevanceScore'] as const;

export const listSuggestionsQuery = paginationQuery.extend({
  status: z
    .string()
    .max(60)
    .transform((value) => value.split(','))
    .pipe(z.array(z.enum(SUGGESTION_STATUSES)).min(1).max(SUGGESTION_STATUSES.length))
    .optional()
    .meta({ description: 'One status, or several separated by commas (e.g. `pending,approved`).' }),
  orderBy: z.enum(SUGGESTION_SORT_FIELDS).default('createdAt').meta({ description: 'Sort field (default: createdAt).' }),
  order: z.enum(['asc', 'desc']).default('desc').meta({ description: 'Sort direction (default: desc, newest or best first).' }),
  sourcePageUrl: httpUrl.optional(),
  targetPageUrl: httpUrl.optional(),
  implementationId: z.string().min(1).max(64).optional().meta({ description: 'Only the suggestions of this implementation.' }),
  ids: z
    .string()
    .max(100 * 65)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.string().min(1).max(64)).max(100))
    .optional()
    .meta({
      description:
        'Comma-separated suggestion ids (at most 100): only these (extension), so that a client reads many suggestions in one request. Ids of no suggestion of the project are left out.',
    }),
  q: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: 'Text search (extension): suggestions whose anchor text or source or target title contains it, ignoring ASCII case.' }),
  livePages: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .meta({
      description:
        'Extension. `true`: only suggestions whose source and target pages are live (a 2xx status as last synced), so that the list and its total leave out pages the site no longer shows (unpublished, private, trashed). A site asks this for users who may not read such pages.',
    }),
});
export type ListSuggestionsQuery = z.output<typeof listSuggestionsQuery>;

export const updateSuggestionBody = z.object({ status: z.enum(SUGGESTION_STATUSES) });

export const suggestionParams = projectParams.extend({ suggestionId: z.string().min(1).max(64) });

export const relevanceSummarySchema = z
  .object({
    adapted: z.boolean().meta({ description: "Whether suggestions are scored by the model adapted to this project's decisions." }),
    decisions: z.number().int().min(0).meta({ description: 'Decisions it learns from: suggestions approved, implemented or rejected (the most recent 2,000).' }),
    accepted: z.number().int().min(0).meta({ description: 'Of those, approved or implemented.' }),
    rejected: z.number().int().min(0),
    minimumDecisions: z.number().int().meta({ description: 'Decisions needed before the model adapts.' }),
    minimumOfEach: z.number().int().meta({ description: 'Accepted and rejected decisions needed, each, before the model adapts.' }),
    siteLinks: z
      .object({
        adapted: z.boolean().meta({ description: "Whether the model was first adapted to the links the site's pages already have." }),
        pages: z.number().int().min(0).meta({ description: 'Pages read as examples: pages that link other pages of the site, at most 100.' }),
        examples: z.number().int().min(0).meta({ description: "The engine's first suggestions on those pages, read as if they had no links." }),
        linked: z.number().int().min(0).meta({ description: "Of those, targets the page's authors did link." }),
        meanScore: z
          .number()
          .min(0)
          .max(1)
          .nullable()
          .meta({ description: "The bridge's mean relevanceScore over those examples (null without any): beside linked / examples, how its level compares with what the site's authors link." }),
        levelShift: z
          .number()
          .max(0)
          .meta({ description: "The change of log-odds given to every score where the site links fewer of the examples than that mean says (0 when it does not, or without examples): of the adapted model, or, on a site with too few links to adapt to, of the bridge's, by less the fewer its examples." }),
      })
      .meta({
        description: `The site's own links as examples of what its authors link: with at least ${MIN_SITE_LINK_PAGES} linking pages and ${MIN_SITE_LINKED_EXAMPLES} linked examples, the bridge's model is adapted to them before any editor's decision; with fewer, only its level is lowered where they say so. Read again when the site's pages or links change by a tenth.`,
      }),
  })
  .meta({ id: 'RelevanceSummary' });
export type RelevanceSummary = z.output<typeof relevanceSummarySchema>;
