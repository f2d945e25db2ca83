import { describe, expect, test } from 'vitest';
import { IntMap, IntSet } from '../../bridge/src/engine/int-tables.js';

/** Numbers as page and node numbers come: clustered, spread, and multiples that share their low bits. */
function keysOf(count: number): number[] {
  let seed = 11;
  return Array.from({ length: count }, (_, i) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return [i, (seed >>> 4) % 2_000_000, 1024 * (seed % 5000), 0][i % 4]!;
  });
}

describe('IntSet', () => {
  test('when numbers are added, some again, then it holds what a Set holds, in the order first added', () => {
    const set = new IntSet(4);
    const reference = new Set<number>();
    for (const key of keysOf(5000)) {
      expect(set.add(key)).toBe(!reference.has(key));
      reference.add(key);
    }
    expect(set.size).toBe(reference.size);
    expect([...set]).toEqual([...reference]);
    expect([...set.keys()]).toEqual([...reference.keys()]);
    expect([...set.entries()]).toEqual([...reference.entries()]);
    const visited: number[] = [];
    set.forEach((value) => visited.push(value));
    expect(visited).toEqual([...reference]);
    for (const key of [...keysOf(200), 3, 7, 2_000_001, 123_456_789]) expect(set.has(key)).toBe(reference.has(key));
  });
});

describe('IntMap', () => {
  test('when keys are set, some again, then get answers what a Map answers, -1 for keys never set', () => {
    const map = new IntMap(4);
    const reference = new Map<number, number>();
    keysOf(5000).forEach((key, i) => {
      map.set(key, i);
      reference.set(key, i);
    });
    for (const key of [...keysOf(5000), 5, 2_000_003, 987_654_321]) expect(map.get(key)).toBe(reference.get(key) ?? -1);
  });
});
