import { randomFillSync } from 'node:crypto';

// 32 symbols so that each random byte maps to one symbol without bias; no look-alikes (0/o, 1/l).
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

// Ids are made by the thousand during a sync: one system call fills bytes for hundreds of them.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomPoolBytes(count: number): Buffer {
  if (poolOffset + count > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + count);
  poolOffset += count;
  return bytes;
}

/** A random, unguessable id with a type prefix, e.g. `prj_k3x…` (contract §1). 20 symbols = 100 bits. */
export function newId(prefix: 'acc' | 'key' | 'prj' | 'pg' | 'sug' | 'imp', length = 20): string {
  let out = `${prefix}_`;
  for (const byte of randomPoolBytes(length)) out += ALPHABET[byte & 31];
  return out;
}

/** A secret of 32 random bytes, base64url (never from the shared pool: a secret shares no bytes with anything). */
export function newSecret(): string {
  return randomFillSync(Buffer.alloc(32)).toString('base64url');
}
