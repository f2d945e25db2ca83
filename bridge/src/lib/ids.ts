import { randomBytes } from 'node:crypto';

// 32 symbols so that each random byte maps to one symbol without bias; no look-alikes (0/o, 1/l).
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A random, unguessable id with a type prefix, e.g. `prj_k3x…` (contract §1). 20 symbols = 100 bits. */
export function newId(prefix: 'acc' | 'key' | 'prj' | 'pg' | 'sug' | 'imp', length = 20): string {
  let out = `${prefix}_`;
  for (const byte of randomBytes(length)) out += ALPHABET[byte & 31];
  return out;
}

/** A secret of 32 random bytes, base64url. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}
