import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../bridge/src/config.js';

describe('the configuration read from the environment', () => {
  it('when INTERLINKER_SHUTDOWN_TIMEOUT_MS is unset or empty, then a stop waits 10 s for requests in flight', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ INTERLINKER_SHUTDOWN_TIMEOUT_MS: '' }).shutdownTimeoutMs).toBe(10_000);
  });

  it('when INTERLINKER_SHUTDOWN_TIMEOUT_MS is set, then it is the deadline, and a value that is not a whole number is refused', () => {
    expect(loadConfig({ INTERLINKER_SHUTDOWN_TIMEOUT_MS: '2500' }).shutdownTimeoutMs).toBe(2_500);
    for (const bad of ['10s', '-1', '1.5']) {
      expect(() => loadConfig({ INTERLINKER_SHUTDOWN_TIMEOUT_MS: bad }), bad).toThrow(/INTERLINKER_SHUTDOWN_TIMEOUT_MS/);
    }
  });
});
