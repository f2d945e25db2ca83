import { z } from 'zod';
import { httpUrl, isoTimestamp, pathPrefix } from '../http/common-schemas.js';

const name = z.string().trim().min(1).max(200);
const pathList = z.array(pathPrefix).max(100);

export const DEFAULT_SUGGESTIONS_PER_PAGE = 10;
export const MAX_IGNORED_WORDS = 200;
export const MAX_IGNORED_WORD_LENGTH = 60;

/** Settings of background generation (and defaults of explicit generation): see docs/bridge-extensions.md. */
const minRelevanceScore = z
  .number()
  .min(0)
  .max(1)
  .nullable()
  .meta({ description: "Suggestions scoring below it are not proposed; null: the engine's calibrated default." });
const suggestionsPerPage = z
  .number()
  .int()
  .min(1)
  .max(50)
  .meta({ description: `At most this many suggestions per source page (default ${DEFAULT_SUGGESTIONS_PER_PAGE}).` });
const ignoredWords = z
  .array(z.string().trim().min(1).max(MAX_IGNORED_WORD_LENGTH))
  .max(MAX_IGNORED_WORDS)
  .meta({
    description: `Words (or phrases) never used in an anchor: an anchor containing one as a whole word, ignoring case, is never proposed. At most ${MAX_IGNORED_WORDS}, each at most ${MAX_IGNORED_WORD_LENGTH} characters.`,
  });

export const createProjectBody = z.object({
  name,
  domain: httpUrl,
  preferredSdk: z.string().max(50).optional(),
  includePaths: pathList.optional(),
  excludePaths: pathList.optional(),
  minRelevanceScore: minRelevanceScore.optional(),
  suggestionsPerPage: suggestionsPerPage.optional(),
  ignoredWords: ignoredWords.optional(),
});
export type CreateProjectInput = z.output<typeof createProjectBody>;

export const updateProjectBody = z
  .object({
    name: name.optional(),
    domain: httpUrl.optional(),
    preferredSdk: z.string().max(50).nullable().optional(),
    includePaths: pathList.optional(),
    excludePaths: pathList.optional(),
    minRelevanceScore: minRelevanceScore.optional(),
    suggestionsPerPage: suggestionsPerPage.optional(),
    ignoredWords: ignoredWords.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message:
      'Send at least one of name, domain, preferredSdk, includePaths, excludePaths, minRelevanceScore, suggestionsPerPage, ignoredWords.',
  });
export type UpdateProjectInput = z.output<typeof updateProjectBody>;

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  preferredSdk: z.string().nullable(),
  includePaths: z.array(z.string()),
  excludePaths: z.array(z.string()),
  minRelevanceScore: z.number().min(0).max(1).nullable().meta({ description: "Background generation's minimum relevanceScore; null: the engine's calibrated default." }),
  suggestionsPerPage: z.number().int().meta({ description: 'Background generation: at most this many suggestions per source page.' }),
  ignoredWords: z.array(z.string()).meta({ description: 'No anchor containing one of these words (whole word, ignoring case) is proposed.' }),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type Project = z.output<typeof projectSchema>;

/** Trimmed words, the first spelling of each kept (case ignored), in the order given. */
export function distinctWords(words: readonly string[]): string[] {
  const seen = new Set<string>();
  return words.filter((word) => {
    const key = word.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
