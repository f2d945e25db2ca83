import type { Migration } from './migration.js';
import { migration as core } from './0001-core.js';
import { migration as searchIndex } from './0002-search-index.js';
import { migration as pagePathAndExclusion } from './0003-page-path-and-exclusion.js';
import { migration as pageContents } from './0004-page-contents.js';
import { migration as wordTermIds } from './0005-word-term-ids.js';
import { migration as searchSnapshots } from './0006-search-snapshots.js';
import { migration as analysisVersion } from './0007-analysis-version.js';
import { migration as contentHash } from './0008-content-hash.js';
import { migration as idempotencyKeys } from './0009-idempotency-keys.js';
import { migration as suggestionInputs } from './0010-suggestion-inputs.js';
import { migration as pageKeyphrases } from './0011-page-keyphrases.js';
import { migration as pageLanguage } from './0012-page-language.js';
import { migration as documentAverageLength } from './0013-document-average-length.js';
import { migration as termVectorLength } from './0014-term-vector-length.js';
import { migration as backgroundGeneration } from './0015-background-generation.js';
import { migration as accountQuotas } from './0016-account-quotas.js';
import { migration as pageDates } from './0017-page-dates.js';
import { migration as failedAuthAttempts } from './0018-failed-auth-attempts.js';
import { migration as urlKeyHashes } from './0019-url-key-hashes.js';

/** Every migration in order. Add new ones at the end; never change what one does once shipped (a rendering for a new backend may be added). */
export const migrations: readonly Migration[] = [
  core,
  searchIndex,
  pagePathAndExclusion,
  pageContents,
  wordTermIds,
  searchSnapshots,
  analysisVersion,
  contentHash,
  idempotencyKeys,
  suggestionInputs,
  pageKeyphrases,
  pageLanguage,
  documentAverageLength,
  termVectorLength,
  backgroundGeneration,
  accountQuotas,
  pageDates,
  failedAuthAttempts,
  urlKeyHashes,
];
