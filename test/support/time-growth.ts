/** The smaller input takes at least this long: shorter runs are mostly timer, cache and scheduling noise (a loaded machine once measured a linear step at 24.5× for 8× the input with 5 ms). */
const MIN_SMALL_MS = 15;
const MAX_SIZE = 512 * 1024;

/**
 * How many times longer `work` takes on an input `factor` times larger: about `factor` when linear, `factor²` when
 * quadratic. The smaller size is doubled from `size` until one run takes a few milliseconds; each size is timed a
 * few times after a warm-up run (compilation) and the best kept, so that a busy machine rarely distorts it. Tests
 * compare it with a generous bound, never with an absolute time.
 */
export function timeGrowth<T>(make: (size: number) => T, work: (input: T) => unknown, size: number, factor = 8, tries = 5): number {
  // Garbage left by the runs before is collected first (`--expose-gc`, vitest.config.ts): otherwise a collection it
  // triggers lands in whichever run comes next, and a heap eight times larger is collected more often.
  const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
  const time = (input: T): number => {
    collect();
    const started = performance.now();
    work(input);
    return performance.now() - started;
  };
  // The best of three runs decides whether the small input is long enough: a single run may still be the slower
  // code of a tier the engine is about to leave, and a small input then times far faster than it was sized at.
  const bestOfThree = (input: T): number => Math.min(time(input), time(input), time(input));
  let small = make(size);
  time(small);
  while (bestOfThree(small) < MIN_SMALL_MS && size < MAX_SIZE) {
    size *= 2;
    small = make(size);
    time(small);
  }
  const large = make(size * factor);
  time(large);
  let smallBest = Infinity;
  let largeBest = Infinity;
  for (let i = 0; i < tries; i += 1) {
    smallBest = Math.min(smallBest, time(small));
    largeBest = Math.min(largeBest, time(large));
  }
  return largeBest / Math.max(smallBest, 0.05);
}

/** timeGrowth of asynchronous work (each run awaited, so the time includes its database's). */
export async function timeGrowthAsync<T>(make: (size: number) => T, work: (input: T) => Promise<unknown>, size: number, factor = 8, tries = 5): Promise<number> {
  const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
  const time = async (input: T): Promise<number> => {
    collect();
    const started = performance.now();
    await work(input);
    return performance.now() - started;
  };
  const bestOfThree = async (input: T): Promise<number> => Math.min(await time(input), await time(input), await time(input));
  let small = make(size);
  await time(small);
  while ((await bestOfThree(small)) < MIN_SMALL_MS && size < MAX_SIZE) {
    size *= 2;
    small = make(size);
    await time(small);
  }
  const large = make(size * factor);
  await time(large);
  let smallBest = Infinity;
  let largeBest = Infinity;
  for (let i = 0; i < tries; i += 1) {
    smallBest = Math.min(smallBest, await time(small));
    largeBest = Math.min(largeBest, await time(large));
  }
  return largeBest / Math.max(smallBest, 0.05);
}
