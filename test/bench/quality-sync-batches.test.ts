import { describe, expect, it } from 'vitest';
import { batchesOf } from '../../bench/quality/bridge/engine-run.js';

describe('sync batches', () => {
  it.each([
    { sizes: [1, 1, 1, 1, 1], maxItems: 2, maxBytes: 1000, batches: [2, 2, 1] },
    { sizes: [300, 300, 300], maxItems: 500, maxBytes: 700, batches: [2, 1] },
    { sizes: [900, 10], maxItems: 500, maxBytes: 700, batches: [1, 1] },
  ])('when pages weigh $sizes within $maxItems pages and $maxBytes bytes, then batches hold $batches', ({ sizes, maxItems, maxBytes, batches }) => {
    const pages = sizes.map((size) => 'x'.repeat(size));
    const result = batchesOf(pages, maxItems, maxBytes);
    expect(result.map((batch) => batch.length)).toEqual(batches);
    expect(result.flat()).toEqual(pages);
  });
});
