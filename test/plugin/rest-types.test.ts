import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readRestSchemas, REST_TYPES_FILE, restTypesSource } from '../../scripts/rest-types.js';

describe('the admin UI’s REST types and the plugin’s PHP schemas', () => {
  it('when the PHP schemas are turned into TypeScript, then the result is the committed admin-ui/src/api/rest-types.ts', () => {
    const generated = restTypesSource(readRestSchemas());

    expect(readFileSync(REST_TYPES_FILE, 'utf8'), 'run npx tsx scripts/rest-types.ts and commit the file').toBe(generated);
  });

  it('when a schema names its shapes, then every one of them becomes an exported type', () => {
    const schemas = readRestSchemas();

    expect(Object.keys(schemas)).toEqual([
      'interlinker-suggestion',
      'interlinker-implementation',
      'interlinker-listed-implementation',
      'interlinker-implement-answer',
      'interlinker-rollback-answer',
      'interlinker-implementation-details',
      'interlinker-reconcile-answer',
      'interlinker-sync-result',
      'interlinker-sync-queue',
      'interlinker-sync-queue-run',
      'interlinker-settings',
      'interlinker-connection-check',
      'interlinker-analytics-summary',
      'interlinker-timeseries-point',
      'interlinker-orphan-page',
      'interlinker-broken-link',
      'interlinker-inbound-links',
      'interlinker-inbound-suggestions',
      'interlinker-generation',
      'interlinker-setup',
      'interlinker-link-count',
      'interlinker-link-count-progress',
      'interlinker-settings-changes',
      'interlinker-page-query',
      'interlinker-date-range',
      'interlinker-inbound-query',
      'interlinker-link-count-query',
    ]);
    for (const schema of Object.values(schemas)) expect(schema['x-required']?.every((name) => name in (schema.properties ?? {}))).toBe(true);
  });
});
