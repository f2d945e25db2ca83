import { describe, expect, test } from 'vitest';
import { isKeyphrase, keyphrasesFromTokens } from '../../admin-ui/src/editor/keyphrases';

describe("the editor sidebar's keyphrases", () => {
  test.each([
    { phrase: 'cold brew ratio', accepted: true },
    { phrase: '  ', accepted: false },
    { phrase: 'one two three four five six', accepted: true },
    { phrase: 'one two three four five six seven', accepted: false },
    { phrase: 'x'.repeat(100), accepted: true },
    { phrase: 'x'.repeat(101), accepted: false },
  ])('when "$phrase" is typed, then the field takes it: $accepted', ({ phrase, accepted }) => {
    expect(isKeyphrase(phrase)).toBe(accepted);
  });

  test('when tokens are saved, then they are trimmed, valid, distinct with case ignored and at most ten', () => {
    const tokens = [' Cold brew ', 'cold brew', { value: 'iced coffee' }, 'x'.repeat(101), ...Array.from({ length: 12 }, (_, i) => `phrase ${i}`)];
    expect(keyphrasesFromTokens(tokens)).toEqual(['Cold brew', 'iced coffee', ...Array.from({ length: 8 }, (_, i) => `phrase ${i}`)]);
  });
});
