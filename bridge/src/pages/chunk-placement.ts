/** A worker of the analysis pool as the choice of where a chunk goes sees it. */
export interface WorkerSlots {
  /** It takes work: it has started and has not been ended. */
  available: boolean;
  /** The owner of each chunk sent to it and not fully answered, oldest first. */
  owners: readonly string[];
}

/** Chunks sent to one worker ahead of its answers: it never waits for the main thread, and no more waits on it. */
export const CHUNKS_IN_FLIGHT = 2;

/**
 * Which worker takes `owner`'s next chunk: an idle one (the first), else one that has room and is analysing only
 * `owner`'s chunks, else none (the chunk waits for the first worker to become idle).
 *
 * A chunk sent ahead waits behind the one its worker is analysing, however long that takes (a page near the time limit,
 * a thread the machine leaves waiting) while other workers may free up: sent ahead behind another owner's chunk, a
 * small sync's pages waited for that one chunk while the other workers analysed the large sync's later chunks. So a
 * chunk goes ahead only behind its own owner's work, where waiting costs no one else.
 */
export function workerForChunk(workers: readonly WorkerSlots[], owner: string): number | undefined {
  const idle = workers.findIndex((worker) => worker.available && worker.owners.length === 0);
  if (idle !== -1) return idle;
  let target: number | undefined;
  workers.forEach((worker, i) => {
    if (!worker.available || worker.owners.length >= CHUNKS_IN_FLIGHT || worker.owners.some((other) => other !== owner)) return;
    if (target === undefined || worker.owners.length < workers[target]!.owners.length) target = i;
  });
  return target;
}
