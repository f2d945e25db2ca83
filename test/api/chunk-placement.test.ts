import { describe, expect, it } from 'vitest';
import { workerForChunk, type WorkerSlots } from '../../bridge/src/pages/chunk-placement.js';

const worker = (...owners: string[]): WorkerSlots => ({ available: true, owners });

describe("where the analysis pool sends an owner's next chunk", () => {
  it('when a worker is idle, then the chunk goes to the first idle one, ahead of any with room', () => {
    expect(workerForChunk([worker('a'), worker(), worker()], 'a')).toBe(1);
  });

  it("when every worker is busy, then the chunk goes ahead only behind its own owner's chunk", () => {
    expect(workerForChunk([worker('b'), worker('a')], 'a')).toBe(1);
    expect(workerForChunk([worker('b'), worker('a', 'a')], 'a')).toBeUndefined();
  });

  it("when the only worker with room is analysing another owner's chunk, then the chunk waits for a worker to be idle", () => {
    // The small sync that failed under load: sent behind a large sync's chunk on a worker the machine left waiting, it
    // waited while the other worker analysed the large sync's later chunks.
    expect(workerForChunk([worker('large'), worker('large', 'large')], 'small')).toBeUndefined();
    expect(workerForChunk([worker('large')], 'small')).toBeUndefined();
  });

  it('when a worker has not started or was ended, then it takes nothing', () => {
    expect(workerForChunk([{ available: false, owners: [] }, worker('a')], 'a')).toBe(1);
    expect(workerForChunk([{ available: false, owners: [] }], 'a')).toBeUndefined();
  });
});
