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

  it('when the quota and index memory variables are unset, then the defaults fit a large site; set, they are read in their units', () => {
    const defaults = loadConfig({});
    expect(defaults.quotas).toEqual({ projects: 100, pages: 1_000_000, contentBytes: 20 * 1024 ** 3 });
    expect(defaults.indexMemory).toEqual({ budgetBytes: 1024 * 1024 ** 2, idleMs: 1_800_000 });
    const set = loadConfig({
      INTERLINKER_QUOTA_PROJECTS: '3',
      INTERLINKER_QUOTA_PAGES: '500',
      INTERLINKER_QUOTA_CONTENT_MB: '64',
      INTERLINKER_INDEX_MEMORY_MB: '16',
      INTERLINKER_INDEX_IDLE_SECONDS: '90',
    });
    expect(set.quotas).toEqual({ projects: 3, pages: 500, contentBytes: 64 * 1024 ** 2 });
    expect(set.indexMemory).toEqual({ budgetBytes: 16 * 1024 ** 2, idleMs: 90_000 });
    expect(() => loadConfig({ INTERLINKER_QUOTA_PAGES: 'lots' })).toThrow(/INTERLINKER_QUOTA_PAGES/);
    expect(() => loadConfig({ INTERLINKER_INDEX_IDLE_SECONDS: '0' })).toThrow(/INTERLINKER_INDEX_IDLE_SECONDS/);
  });

  it('when INTERLINKER_METRICS_TOKEN is unset or empty, then there are no metrics; a short one or one with spaces is refused', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ INTERLINKER_METRICS_TOKEN: '  ' }).metricsToken).toBeNull();
    const token = 'a'.repeat(32);
    expect(loadConfig({ INTERLINKER_METRICS_TOKEN: ` ${token}\n` }).metricsToken).toBe(token);
    for (const bad of ['a'.repeat(31), `${'a'.repeat(20)} ${'b'.repeat(20)}`]) {
      expect(() => loadConfig({ INTERLINKER_METRICS_TOKEN: bad }), bad).toThrow(/INTERLINKER_METRICS_TOKEN must be at least 32 printable characters/);
    }
  });
});
