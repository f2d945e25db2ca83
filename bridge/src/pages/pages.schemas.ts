import { z } from 'zod';
import { MAX_PHRASE_WORDS } from '../engine/keyphrases.js';
import { canonicalLanguageTag, DEFAULT_LANGUAGE, MAX_LANGUAGE_TAG_LENGTH } from '../engine/language.js';
import { tokenize } from '../engine/tokenizer.js';
import { httpUrl, isoTimestamp, projectParams } from '../http/common-schemas.js';

export const MAX_BATCH_PAGES = 500;
export const MAX_CONTENT_BYTES = 2 * 1024 * 1024;
export const MAX_KEYPHRASES = 10;
export const MAX_KEYPHRASE_LENGTH = 100;

/** A phrase the site's editors want the page linked for; a name is a few words, as the engine's phrases are. */
const keyphrase = z
  .string()
  .trim()
  .min(1)
  .max(MAX_KEYPHRASE_LENGTH)
  .refine((value) => tokenize(value).words.length <= MAX_PHRASE_WORDS, `At most ${MAX_PHRASE_WORDS} words.`);

/** A page's language: a BCP 47 tag or a WordPress locale, canonicalised by the service ("de_DE" → "de-DE"). */
const languageTag = z
  .string()
  .max(MAX_LANGUAGE_TAG_LENGTH)
  .refine((value) => canonicalLanguageTag(value) !== null, 'A BCP 47 language tag ("de", "de-DE", "pt-BR") or a WordPress locale ("de_DE").');

/**
 * When the page was first published or last modified: ISO 8601 with a time zone (`Z` or an offset), stored in UTC.
 * A date without its zone would be read in the bridge's zone, so it is refused rather than guessed.
 */
const pageDate = (what: string) =>
  z.iso
    .datetime({ offset: true })
    .transform((value) => new Date(value).toISOString())
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      return year >= 1970 && year <= 9999;
    }, 'A year from 1970 to 9999.')
    .optional()
    .meta({
      description: `When the page was ${what}: ISO 8601 with a time zone ("2024-03-05T09:30:00Z", "2024-03-05T10:30:00+01:00"), stored in UTC. Optional; sending the page without it removes it. A change of this date alone does not analyse the page again.`,
    });

/** One page of a batch sync (contract §3). Validated page by page: a bad page fails alone. */
export const syncPageInput = z.object({
  url: httpUrl,
  title: z.string().max(1000),
  content: z
    .string()
    .refine((value) => Buffer.byteLength(value, 'utf8') <= MAX_CONTENT_BYTES, `At most ${MAX_CONTENT_BYTES} bytes.`),
  statusCode: z.number().int().min(100).max(599).default(200),
  excluded: z
    .boolean()
    .default(false)
    .meta({ description: 'Keep this page out of suggestions (as source and target); it still counts for link health.' }),
  keyphrases: z
    .array(keyphrase)
    .max(MAX_KEYPHRASES)
    .default([])
    .meta({
      description: `Phrases the site's editors want this page linked for (a focus keyphrase): each names the page like the anchor text of an existing link to it, counted as the most used one, so a mention of it in another page is suggested as an anchor to this one and scores above a mention of this page's title. At most ${MAX_KEYPHRASES}, each at most ${MAX_KEYPHRASE_LENGTH} characters and ${MAX_PHRASE_WORDS} words. Sending the page without them removes them.`,
    }),
  language: languageTag.default(DEFAULT_LANGUAGE).meta({
    description: `The page's language: a BCP 47 tag ("de", "de-DE", "pt-BR") or a WordPress locale ("de_DE", stored as "de-DE"); "${DEFAULT_LANGUAGE}" when absent. Its primary subtag chooses the stemmer and stop words the page is read with, and pages are suggested only to pages of the same primary subtag. At most ${MAX_LANGUAGE_TAG_LENGTH} characters.`,
  }),
  publishedAt: pageDate('first published (WordPress: post_date_gmt)'),
  modifiedAt: pageDate('last modified (WordPress: post_modified_gmt)'),
});
export type SyncPageInput = z.output<typeof syncPageInput>;

/** The batch itself: an array of 1–500 items; each item is checked on its own by `syncPageInput`. */
export const syncBatchBody = z.array(z.unknown()).min(1).max(MAX_BATCH_PAGES);
export const syncBatchBodyDoc = z.array(syncPageInput).min(1).max(MAX_BATCH_PAGES);

export const syncError = z.object({
  index: z.number().int(),
  url: z.string().nullable(),
  code: z.string().meta({
    description:
      '`validation_error`: the page is invalid (the message names the field). `payload_too_large`: analysing the page went over the bridge\'s time or memory limit (INTERLINKER_ANALYSIS_TIMEOUT_MS, INTERLINKER_ANALYSIS_MEMORY_MB): its content is too large or too complex. `internal_error`: the page could not be analysed for another reason.',
  }),
  message: z.string(),
});
export type SyncError = z.output<typeof syncError>;

export const syncResult = z.object({
  synced: z.number().int(),
  failed: z.number().int(),
  errors: z.array(syncError),
  pages: z.array(z.object({ index: z.number().int(), id: z.string(), url: z.string() })),
});
export type SyncResult = z.output<typeof syncResult>;

export const pageSummary = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string(),
  statusCode: z.number().int(),
  excluded: z.boolean(),
  keyphrases: z.array(z.string()),
  language: z.string().meta({ description: 'The page\'s language as stored: a canonical BCP 47 tag ("en", "de-DE").' }),
  publishedAt: isoTimestamp.nullable().meta({ description: 'When the page was first published, as the last sync sent it (UTC); null when it sent none.' }),
  modifiedAt: isoTimestamp.nullable().meta({ description: 'When the page was last modified, as the last sync sent it (UTC); null when it sent none.' }),
  lastSyncedAt: isoTimestamp,
});
export type PageSummary = z.output<typeof pageSummary>;

export const pageDetail = pageSummary.extend({ content: z.string() });
export type PageDetail = z.output<typeof pageDetail>;

export const pageParams = projectParams.extend({ pageId: z.string().min(1).max(64) });
