import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markupCases } from '../support/markup-cases.js';
import { startWordPress, type WordPressStack } from '../support/wordpress.js';
import { freePort } from '../support/wp-network.js';
import { phpString } from './support/plugin-site.js';

/** The plugin's reading of one case: the runs a link may wrap, each with the index of its first character. */
interface Reading {
  runs: [number, string][];
}

/** Where `span` ends when it lies inside one run at or after character `from`, or -1 when it does not. */
function placeIn(reading: Reading, span: string, from: number): number {
  for (const [start, run] of reading.runs) {
    if (start + run.length < from) continue;
    const inside = run.indexOf(span, Math.max(0, from - start));
    if (inside >= 0) return start + inside + span.length;
  }
  return -1;
}

describe('the shared markup cases (test/fixtures/markup-cases.json), plugin side in a real WordPress', () => {
  let wp: WordPressStack;
  let readings: Reading[];
  let defaultExcludedBlocks: string[];
  const all = [...markupCases.cases, ...markupCases.knownGaps];

  beforeAll(async () => {
    wp = await startWordPress({
      name: 'plugin-markup-cases',
      port: await freePort(),
      dbPort: await freePort(),
      pluginDir: new URL('../../plugin', import.meta.url).pathname,
    });
    const output = await wp.wpPhp(`
      $out = array();
      foreach ( json_decode( ${phpString(JSON.stringify(all.map((c) => c.html)))}, true ) as $html ) {
        // The blocks never linked are the inserter's defaults, as when links are inserted.
        $text = Interlinker\\Html\\Visible_Text::of( $html, Interlinker\\Html\\Link_Inserter::DEFAULT_EXCLUDED_BLOCKS );
        $runs = array();
        $last = -1;
        for ( $i = 0; $i < $text->count(); $i++ ) {
          if ( ! $text->is_linkable( $i ) ) {
            $last = -1;
            continue;
          }
          if ( $text->runs[ $i ] !== $last ) {
            $runs[] = array( $i, '' );
          }
          $runs[ count( $runs ) - 1 ][1] .= $text->chars[ $i ];
          $last = $text->runs[ $i ];
        }
        $out[] = array( 'runs' => $runs );
      }
      echo wp_json_encode( $out );
    `);
    readings = JSON.parse(output) as Reading[];
    defaultExcludedBlocks = JSON.parse(await wp.wpPhp('echo wp_json_encode( Interlinker\\Html\\Link_Inserter::DEFAULT_EXCLUDED_BLOCKS );')) as string[];
  });

  afterAll(async () => {
    await wp?.stop();
  });

  const cases = markupCases.cases.map((c, index) => [c.name, c, index] as const);

  it('when the plugin never links its default blocks, then they are the table’s list, which the engine reads too', () => {
    expect([...defaultExcludedBlocks].sort()).toEqual([...markupCases.excludedBlocks].sort());
  });

  it.each(cases)('when the content has %s, then every span the engine may offer lies in one run the plugin can link', (_name, c, index) => {
    const reading = readings[index]!;
    let from = 0;
    for (const span of c.eligible) {
      const end = placeIn(reading, span, from);
      expect(end, `"${span}" in ${JSON.stringify(reading)}`).toBeGreaterThanOrEqual(0);
      from = end;
    }
  });

  it.each(cases)('when the content has %s, then the text no side may link is in no run of the plugin', (_name, c, index) => {
    const reading = readings[index]!;
    for (const text of c.never) expect(reading.runs.filter(([, run]) => run.includes(text))).toEqual([]);
  });

  it.each(markupCases.knownGaps.map((c, index) => [c.name, c, markupCases.cases.length + index] as const))(
    'when the content has %s (a known gap), then the plugin links only the table’s spans and refuses the engine’s extra ones',
    (_name, c, index) => {
      const reading = readings[index]!;
      const extra = c.engineEligible.filter((span) => !c.eligible.includes(span));
      for (const span of c.eligible) expect(placeIn(reading, span, 0)).toBeGreaterThanOrEqual(0);
      for (const span of extra) expect(placeIn(reading, span, 0), span).toBe(-1);
    },
  );
});
