import { describe, expect, it } from 'vitest';
import { analysePageText } from '../../bench/quality/html/page-text.js';
import { checkAnswer, type SuggestionLike } from '../../bench/quality/metrics/validity.js';

const SOURCE = 'https://docs.example.test/tutorial/';
const JSON_PAGE = 'https://docs.example.test/library/json/';
const PICKLE = 'https://docs.example.test/library/pickle/';
const GONE = 'https://docs.example.test/gone/';
const stored = new Map([
  [SOURCE, 200],
  [JSON_PAGE, 200],
  [PICKLE, 200],
  [GONE, 404],
]);
const source = {
  url: SOURCE,
  text: analysePageText(
    '<h2>Saving data</h2><p>Python can write data as JSON text with the json module, or as bytes with pickle.</p>' +
      '<p>See <a href="/library/pickle/">the pickle docs</a> and <code>marshal</code>.</p>',
    SOURCE,
  ),
};

function suggestion(overrides: Partial<SuggestionLike>): SuggestionLike {
  return {
    sourcePageUrl: SOURCE,
    targetPageUrl: JSON_PAGE,
    anchorText: 'json module',
    context: 'write data as JSON text with the json module, or as bytes',
    relevanceScore: 0.9,
    ...overrides,
  };
}

describe('validity of an answer (contract §4)', () => {
  it('when a suggestion keeps every guarantee, then it breaks no rule', () => {
    expect(checkAnswer([suggestion({})], source, stored)).toEqual([[]]);
  });

  it.each([
    { case: 'the target was never synced', overrides: { targetPageUrl: 'https://docs.example.test/nowhere/' }, rule: 'target_not_stored' },
    { case: 'the target answers 404', overrides: { targetPageUrl: GONE }, rule: 'target_not_2xx' },
    { case: 'the target is the source', overrides: { targetPageUrl: SOURCE }, rule: 'self_link' },
    { case: 'the source already links the target', overrides: { targetPageUrl: PICKLE }, rule: 'already_linked' },
    { case: 'the anchor is a heading', overrides: { anchorText: 'Saving data', context: 'Saving data' }, rule: 'anchor_not_in_eligible_text' },
    { case: 'the anchor is inline code', overrides: { anchorText: 'marshal', context: 'pickle docs and marshal.' }, rule: 'anchor_not_in_eligible_text' },
    { case: 'the anchor is an existing link', overrides: { anchorText: 'pickle docs', context: 'See the pickle docs and' }, rule: 'anchor_not_in_eligible_text' },
    { case: 'the anchor differs in case', overrides: { anchorText: 'Json module' }, rule: 'anchor_not_in_eligible_text' },
    { case: 'the context lacks the anchor', overrides: { context: 'or as bytes with' }, rule: 'context_missing_anchor' },
    { case: 'the context is not source text', overrides: { context: 'the json module is great' }, rule: 'context_not_from_source' },
    { case: 'the score is above 1', overrides: { relevanceScore: 1.2 }, rule: 'score_out_of_range' },
    { case: 'the source URL is another page', overrides: { sourcePageUrl: PICKLE }, rule: 'wrong_source' },
  ] as const)('when $case, then it breaks $rule', ({ overrides, rule }) => {
    expect(checkAnswer([suggestion(overrides)], source, stored)[0]).toContain(rule);
  });

  it('when a context carries ellipses, then it still counts as source text', () => {
    expect(checkAnswer([suggestion({ context: '… as JSON text with the json module, or …' })], source, stored)).toEqual([[]]);
  });

  it('when two suggestions name one target, then the second is a duplicate', () => {
    const answer = [suggestion({}), suggestion({ anchorText: 'JSON text', relevanceScore: 0.5 })];
    expect(checkAnswer(answer, source, stored)[1]).toEqual(['duplicate_target']);
  });

  it('when two anchors share words of the only passage that holds them, then they overlap', () => {
    const answer = [suggestion({}), suggestion({ targetPageUrl: PICKLE.replace('pickle', 'modules'), anchorText: 'the json', relevanceScore: 0.5 })];
    expect(checkAnswer(answer, source, stored)[1]).toContain('overlapping_anchors');
  });

  it('when a passage repeats, then two anchors over the same words may sit in different copies and do not overlap', () => {
    const other = PICKLE.replace('pickle', 'other');
    const repeated = { url: SOURCE, text: analysePageText('<p>This function always succeeds.</p><p>This function always succeeds.</p>', SOURCE) };
    const answer = [
      suggestion({ anchorText: 'always succeeds', context: 'This function always succeeds.' }),
      suggestion({ targetPageUrl: other, anchorText: 'function always', context: 'This function always succeeds.', relevanceScore: 0.5 }),
    ];
    expect(checkAnswer(answer, repeated, new Map([...stored, [other, 200]]))).toEqual([[], []]);
  });

  it('when scores rise down the answer, then the rising one is out of order', () => {
    const answer = [suggestion({ relevanceScore: 0.4 }), suggestion({ targetPageUrl: GONE.replace('gone', 'other'), anchorText: 'bytes', relevanceScore: 0.6 })];
    expect(checkAnswer(answer, source, stored)[1]).toContain('not_sorted');
  });
});
