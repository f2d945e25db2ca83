import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWordPress, type WordPressStack } from '../support/wordpress.js';
import { freePort } from '../support/wp-network.js';
import { phpString } from './support/plugin-site.js';

/**
 * The inserter on tricky content, inside a real WordPress (its HTML API, its parse_blocks). Each case writes the
 * one place a link may go as ⟦…⟧; a case without ⟦…⟧ must fail with `fails`.
 */
interface Case {
  name: string;
  marked: string;
  anchor?: string;
  context?: string;
  fails?: string;
}

const ANCHOR = 'bread flour';
const SENTENCE = 'I weigh strong bread flour for the loaf.';

const cases: Case[] = [
  {
    name: 'a heading holds the phrase and so does a paragraph',
    marked: '<!-- wp:heading --><h2 class="wp-block-heading">bread flour</h2><!-- /wp:heading -->\n<!-- wp:paragraph --><p>I weigh strong ⟦bread flour⟧ for the loaf.</p><!-- /wp:paragraph -->',
  },
  {
    name: 'the phrase is inside an existing link and also plain in the sentence',
    marked: '<p>I weigh <a href="/other/">bread flour</a> and strong ⟦bread flour⟧ for the loaf.</p>',
    context: 'I weigh bread flour and strong bread flour for the loaf.',
  },
  {
    name: 'the phrase is only inside an existing link',
    marked: '<p>I weigh strong <a href="/other/">bread flour</a> for the loaf.</p>',
    fails: 'anchor_not_linkable',
  },
  {
    name: 'an alt attribute holds the phrase and the text does too',
    marked: '<!-- wp:image --><figure class="wp-block-image"><img src="/a.jpg" alt="bread flour"/></figure><!-- /wp:image -->\n<p>I weigh strong ⟦bread flour⟧ for the loaf.</p>',
  },
  {
    name: 'only an alt attribute holds the phrase',
    marked: '<p><img src="/a.jpg" alt="I weigh strong bread flour for the loaf."> A loaf.</p>',
    fails: 'anchor_missing',
  },
  {
    name: 'a shortcode attribute and enclosed shortcode text hold the phrase, and the text does too',
    marked: '<p>[recipe name="bread flour"] [note]bread flour[/note] I weigh strong ⟦bread flour⟧ for the loaf.</p>',
  },
  {
    name: 'only an enclosing shortcode holds the phrase',
    marked: '<p>[note]I weigh strong bread flour for the loaf.[/note]</p>',
    fails: 'anchor_missing',
  },
  {
    name: 'code holds the phrase in the same sentence as plain text',
    marked: '<p>I weigh <code>bread flour</code> and strong ⟦bread flour⟧ for the loaf.</p>',
    context: 'I weigh bread flour and strong bread flour for the loaf.',
  },
  {
    name: 'only a code block holds the sentence',
    marked: '<!-- wp:code --><pre class="wp-block-code"><code>I weigh strong bread flour for the loaf.</code></pre><!-- /wp:code -->',
    fails: 'anchor_not_linkable',
  },
  {
    name: 'only a custom HTML block holds the sentence',
    marked: '<!-- wp:html --><div>I weigh strong bread flour for the loaf.</div><!-- /wp:html -->',
    fails: 'anchor_not_linkable',
  },
  {
    name: 'only a button holds the sentence',
    marked: '<!-- wp:buttons --><div class="wp-block-buttons"><!-- wp:button --><div class="wp-block-button"><a class="wp-block-button__link wp-element-button">I weigh strong bread flour for the loaf.</a></div><!-- /wp:button --></div><!-- /wp:buttons -->',
    fails: 'anchor_not_linkable',
  },
  {
    name: 'a block comment attribute holds the phrase',
    marked: '<!-- wp:paragraph {"placeholder":"bread flour","className":"bread flour"} --><p class="bread flour">I weigh strong ⟦bread flour⟧ for the loaf.</p><!-- /wp:paragraph -->',
  },
  {
    name: 'script and style hold the phrase',
    marked: '<script>var s = "I weigh strong bread flour for the loaf.";</script><style>/* bread flour */</style><p>I weigh strong ⟦bread flour⟧ for the loaf.</p>',
  },
  {
    name: 'non-ASCII text and character references',
    marked: '<!-- wp:paragraph --><p>Ma ⟦crème brûlée⟧ préférée, avec de la cr&egrave;me.</p><!-- /wp:paragraph -->',
    anchor: 'crème brûlée',
    context: 'Ma crème brûlée préférée, avec de la crème.',
  },
  {
    name: 'Cyrillic text',
    marked: '<p>Мы печём хлеб из ⟦ржаной муки⟧ каждый день.</p>',
    anchor: 'ржаной муки',
    context: 'Мы печём хлеб из ржаной муки каждый день.',
  },
  {
    name: 'the phrase is part of a longer word first',
    marked: '<p>I weigh strong bread flours, then strong ⟦bread flour⟧ for the loaf.</p>',
    context: 'I weigh strong bread flours, then strong bread flour for the loaf.',
  },
  {
    name: 'the phrase starts inside formatting that it covers whole',
    marked: '<p>I weigh strong ⟦<em>bread</em> flour⟧ for the loaf.</p>',
  },
  {
    name: 'the phrase crosses formatting that it cannot wrap',
    marked: '<p>I weigh <em>strong bread</em> flour for the loaf.</p>',
    fails: 'anchor_spans_markup',
  },
  {
    name: 'the phrase breaks over a line',
    marked: '<p>I weigh strong ⟦bread\n flour⟧ for the loaf.</p>',
  },
  {
    name: 'the sentence around the phrase was rewritten',
    marked: '<p>Buy bread flour at the mill.</p>',
    fails: 'context_changed',
  },
  {
    name: 'the phrase was removed',
    marked: '<p>I weigh strong rye for the loaf.</p>',
    fails: 'anchor_missing',
  },
  {
    name: 'the post already links to the target',
    marked: '<p>See <a href="http://example.test/target">our guide</a>. I weigh strong bread flour for the loaf.</p>',
    fails: 'already_linked',
  },
];

const TARGET = 'http://example.test/target/';
const OPENER = `<a href="${TARGET}" data-interlinker="sug_case">`;

interface Outcome {
  content: string;
  failures: Record<string, string>;
  sameBlocks: boolean;
  restored: string | null;
}

describe('Link_Inserter on tricky content, in a real WordPress', () => {
  let wp: WordPressStack;
  let outcomes: Outcome[];

  beforeAll(async () => {
    wp = await startWordPress({
      name: 'plugin-inserter',
      port: await freePort(),
      dbPort: await freePort(),
      pluginDir: new URL('../../plugin', import.meta.url).pathname,
    });
    const input = cases.map((c) => ({
      content: c.marked.replace(/[⟦⟧]/g, ''),
      anchor: c.anchor ?? ANCHOR,
      context: c.context ?? SENTENCE,
    }));
    const output = await wp.wpPhp(`
      $shape = static function ( array $blocks ) use ( &$shape ): array {
        return array_map( static fn( array $b ): array => array( $b['blockName'], $b['attrs'], $shape( $b['innerBlocks'] ) ), $blocks );
      };
      $inserter = new Interlinker\\Html\\Link_Inserter();
      $out = array();
      foreach ( json_decode( ${phpString(JSON.stringify(input))}, true ) as $case ) {
        $request = new Interlinker\\Html\\Link_Request( 'sug_case', $case['anchor'], $case['context'], ${phpString(TARGET)}, array( ${phpString(TARGET)} ) );
        $result  = $inserter->insert( $case['content'], array( $request ), 5, 5 );
        $out[]   = array(
          'content'    => $result->content,
          'failures'   => array_map( static fn( $f ) => $f->code, $result->failures ),
          'sameBlocks' => $shape( parse_blocks( $case['content'] ) ) === $shape( parse_blocks( $result->content ) ),
          'restored'   => Interlinker\\Html\\Link_Remover::remove_recorded( $result->content, $result->inserted ),
        );
      }
      echo wp_json_encode( $out );
    `);
    outcomes = JSON.parse(output) as Outcome[];
  });

  afterAll(async () => {
    await wp?.stop();
  });

  const linking = cases.map((c, index) => [c.name, c, index] as const).filter(([, c]) => c.fails === undefined);
  const failing = cases.map((c, index) => [c.name, c, index] as const).filter(([, c]) => c.fails !== undefined);

  it.each(linking)('when %s, then only the allowed place gets the link', (_name, c, index) => {
    const outcome = outcomes[index]!;

    expect(Object.keys(outcome.failures)).toEqual([]);
    expect(outcome.content).toBe(c.marked.replace('⟦', OPENER).replace('⟧', '</a>'));
  });

  it.each(linking)('when %s, then parse_blocks sees the same blocks and removal restores every byte', (_name, c, index) => {
    const outcome = outcomes[index]!;

    expect(outcome.sameBlocks).toBe(true);
    expect(outcome.restored).toBe(c.marked.replace(/[⟦⟧]/g, ''));
  });

  it.each(failing)('when %s, then nothing changes and the reason is given', (_name, c, index) => {
    const outcome = outcomes[index]!;

    expect(outcome.content).toBe(c.marked);
    expect(outcome.failures).toEqual({ sug_case: c.fails });
  });
});
