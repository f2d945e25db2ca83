import { createHash } from 'node:crypto';

/** The digest a page's content is compared by when it is synced again. */
export function contentHash(content: string): Buffer {
  return createHash('sha256').update(content).digest();
}
