import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BackgroundGenerator,
  FOREGROUND_PAUSE_MS,
  MAX_FOREGROUND_DEFERRAL_MS,
} from '../../bridge/src/generation/background-generator.js';
import { ForegroundRequests } from '../../bridge/src/generation/foreground-requests.js';
import type { GenerationQueue } from '../../bridge/src/generation/generation.service.js';

/** A queue with `chunks` chunks of work: records when each chunk ran and the page limit it was given. */
function recordingQueue(chunks: number) {
  const ran: { at: number; maxPages: number | undefined }[] = [];
  const queue = {
    generateChunk: (_onPageError: unknown, maxPages?: number) => {
      if (ran.length >= chunks) return false;
      ran.push({ at: Date.now(), maxPages });
      return true;
    },
  } as unknown as GenerationQueue;
  return { queue, ran };
}

const logger = pino({ level: 'silent' });
let generator: BackgroundGenerator | undefined;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'Date'] });
});
afterEach(async () => {
  await generator?.stop();
  vi.useRealTimers();
});

/**
 * Moves the fake clock on a millisecond at a time: each step also runs the immediates the previous one scheduled, and
 * the chunks' promises.
 */
async function elapse(ms: number): Promise<void> {
  for (let step = 0; step < ms; step += 1) await vi.advanceTimersByTimeAsync(1);
}

function startGenerator(chunks: number, foreground?: ForegroundRequests) {
  const recorded = recordingQueue(chunks);
  generator = new BackgroundGenerator(recorded.queue, logger, 1_000, foreground, () => Date.now());
  generator.start();
  return recorded;
}

describe('background generation gives way to generate requests', () => {
  it('when no generate request was served, then chunks run back to back, each of a whole chunk', async () => {
    const { ran } = startGenerator(5, new ForegroundRequests(() => Date.now()));
    await elapse(10);
    expect(ran).toHaveLength(5);
    expect(ran.every((chunk) => chunk.maxPages === undefined)).toBe(true);
  });

  it('when a generate request was just answered, then no chunk starts until requests have paused for FOREGROUND_PAUSE_MS', async () => {
    const foreground = new ForegroundRequests(() => Date.now());
    const answer = await foreground.serve(async () => 'suggestions');
    expect(answer).toBe('suggestions');
    const { ran } = startGenerator(3, foreground);
    await elapse(FOREGROUND_PAUSE_MS - 1);
    expect(ran).toHaveLength(0);
    await elapse(10);
    expect(ran).toHaveLength(3);
    expect(ran[0]!.at).toBeGreaterThanOrEqual(FOREGROUND_PAUSE_MS);
  });

  it('when a request fails, then it counts as served all the same', async () => {
    const foreground = new ForegroundRequests(() => Date.now());
    await expect(
      foreground.serve(async () => {
        throw new Error('no such page');
      }),
    ).rejects.toThrow('no such page');
    expect(foreground.waitBefore(FOREGROUND_PAUSE_MS)).toBe(FOREGROUND_PAUSE_MS);
    await elapse(FOREGROUND_PAUSE_MS);
    expect(foreground.waitBefore(FOREGROUND_PAUSE_MS)).toBe(0);
  });

  it('when generate requests never pause, then one page is still generated every MAX_FOREGROUND_DEFERRAL_MS', async () => {
    const foreground = new ForegroundRequests(() => Date.now());
    const { ran } = startGenerator(100, foreground);
    // A request every 10 ms for five deferral periods.
    const requests = setInterval(() => void foreground.serve(async () => undefined), 10);
    await foreground.serve(async () => undefined);
    await elapse(5 * MAX_FOREGROUND_DEFERRAL_MS + 5);
    clearInterval(requests);
    expect(ran).toHaveLength(5);
    expect(ran.every((chunk) => chunk.maxPages === 1)).toBe(true);
    // Then the requests stop: whole chunks again once they have paused.
    await elapse(FOREGROUND_PAUSE_MS + 100);
    expect(ran.length).toBe(100);
    expect(ran.at(-1)!.maxPages).toBeUndefined();
  });
});
