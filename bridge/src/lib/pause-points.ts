/**
 * Test-only: when INTERLINKER_TEST_PAUSE_AT names a point (e.g. `sync-store`), the process stops there the first time it
 * gets there: it prints `paused at <point>` on stderr and blocks its main thread (up to a minute, then goes on), so a
 * test can `kill -9` it at exactly that moment, inside a transaction, and check what the restarted bridge finds.
 * Unset (always, outside those tests), a pause point does nothing.
 */
const pauseAt = process.env.INTERLINKER_TEST_PAUSE_AT ?? '';
let paused = false;

export function pausePoint(name: string): void {
  if (pauseAt !== name || paused) return;
  paused = true;
  process.stderr.write(`paused at ${name}\n`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
}
