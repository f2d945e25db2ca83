/**
 * The demo site's posts: a small baking blog whose articles mention each other by name, so that the bridge has
 * real suggestions to make on a first sync.
 */
export interface DemoPost {
  title: string;
  paragraphs: string[];
  type?: 'post' | 'page';
  /** Yoast SEO's focus keyphrase, as Yoast stores it (post meta `_yoast_wpseo_focuskw`). */
  focusKeyphrase?: string;
  /** The post's language when it is not the site's (sent through the `interlinker_page_language` filter). */
  language?: string;
}

/** The post meta the demo's must-use plugin reads a post's language from, as a multilingual plugin would keep it. */
export const DEMO_LANGUAGE_META = 'demo_language';

/**
 * A must-use plugin for the demo site: a post's own language (DEMO_LANGUAGE_META) is the one Interlinker sends, as
 * Polylang or WPML would tell it on a real multilingual site.
 */
export const DEMO_MU_PLUGIN = `add_filter( 'interlinker_page_language', static fn( $language, $post ) => get_post_meta( $post->ID, '${DEMO_LANGUAGE_META}', true ) ?: $language, 10, 2 );`;

/** The post meta a demo post is created with: Yoast's focus keyphrase and the post's language. */
export function demoMeta(post: DemoPost): Record<string, string> {
  return {
    ...(post.focusKeyphrase === undefined ? {} : { _yoast_wpseo_focuskw: post.focusKeyphrase }),
    ...(post.language === undefined ? {} : { [DEMO_LANGUAGE_META]: post.language }),
  };
}

export const DEMO_POSTS: DemoPost[] = [
  {
    title: 'Sourdough Starter',
    paragraphs: [
      'A sourdough starter is flour and water that wild yeast and lactic bacteria have made their home.',
      'Feed the starter every day with equal weights of flour and water; a lively sourdough starter doubles in four to six hours and smells of yoghurt and ripe fruit.',
      'Most bakers feed it with bread flour, and a stiff starter changes the dough hydration of the final loaf less than a liquid one.',
    ],
  },
  {
    title: 'Bread Flour',
    paragraphs: [
      'Bread flour has more protein than cake flour or plain flour, so it builds a stronger gluten network.',
      'Stronger gluten traps more gas, which is why bread flour gives chewy, tall loaves. Check the protein content on the bag: twelve to fourteen percent is typical.',
      'Strong flour also absorbs more water, so raise the dough hydration a little when you switch to it.',
    ],
  },
  {
    title: 'Dough Hydration',
    paragraphs: [
      'Dough hydration is the weight of water divided by the weight of flour, written as a percentage.',
      'A high dough hydration gives an open, glossy crumb but a sticky dough; wholemeal flour absorbs more water than white flour.',
      'Wet doughs need gentle handling during bulk fermentation and a well-floured proofing basket.',
    ],
  },
  {
    title: 'Autolyse',
    paragraphs: [
      'An autolyse is a rest of flour and water before the salt and the starter go in.',
      'During the autolyse the flour hydrates fully and gluten starts to form on its own, so the dough needs less kneading.',
    ],
  },
  {
    title: 'Bulk Fermentation',
    paragraphs: [
      'Bulk fermentation is the first rise, when the whole dough ferments in one piece.',
      'Stretch and fold the dough every half hour; bulk fermentation is done when the dough has grown by half and shows bubbles at the sides.',
      'A warm, active sourdough starter shortens it; a long autolyse beforehand makes the folds easier.',
    ],
  },
  {
    title: 'Proofing Basket',
    paragraphs: [
      'A proofing basket, or banneton, holds the shaped loaf during its final rise.',
      'Dust the proofing basket with rice flour so that the dough does not stick, and proof the loaf in the fridge overnight for more flavour.',
      'A cold loaf straight from the basket is also easier when scoring bread, and it keeps its shape on a hot baking stone.',
    ],
  },
  {
    title: 'Baking Stone',
    paragraphs: [
      'A baking stone stores heat and passes it straight into the bottom of the loaf.',
      'Preheat the baking stone for at least forty-five minutes; it gives bread and pizza a crisp base and helps oven spring.',
    ],
  },
  {
    title: 'Oven Spring',
    paragraphs: [
      'Oven spring is the last burst of rising in the first minutes of baking.',
      'Steam keeps the crust soft so that the loaf can expand; a hot baking stone and a well-proofed dough give the best oven spring.',
      'A quick razor blade cut lets the loaf open where you want it to.',
    ],
  },
  {
    title: 'Scoring Bread',
    // Its focus keyphrase makes "razor blade" a name of the post: Oven Spring's mention of it is suggested.
    focusKeyphrase: 'razor blade',
    paragraphs: [
      'Scoring bread means cutting the top of the loaf just before it goes into the oven.',
      'A confident cut with a razor blade controls where the loaf opens during oven spring and gives the crust its ear.',
    ],
  },
  {
    title: 'My Weekend Loaf',
    paragraphs: [
      'Every Saturday morning I wake my sourdough starter and weigh out strong bread flour for the weekend loaf.',
      'I mix flour and water for a one-hour autolyse, then add the starter and salt. Getting the dough hydration right took me months of sticky hands.',
      'After bulk fermentation I shape the loaf, let it rest overnight in a proofing basket, and bake it on a baking stone. Scoring bread still makes me nervous, but the oven spring is worth it.',
    ],
  },
  {
    title: 'A Beginner’s Guide to Bread',
    paragraphs: [
      'Good bread needs only flour, water, salt and time. Start with bread flour and a simple yeasted dough before you keep a sourdough starter.',
      'Learn what dough hydration means, give the dough a proper bulk fermentation, and do not worry about scoring bread on your first loaf.',
    ],
  },
  {
    // The blog's German corner: read with German stems and stop words, linked only to each other — never to the
    // English "Autolyse" it mentions.
    title: 'Sauerteig',
    language: 'de_DE',
    paragraphs: [
      'Ein Sauerteig ist Mehl und Wasser, in dem wilde Hefen und Milchsäurebakterien leben.',
      'Füttere den Sauerteig jeden Tag mit Roggenmehl und Wasser; nach fünf Tagen ist er kräftig genug für ein Roggenbrot.',
    ],
  },
  {
    title: 'Roggenbrot',
    language: 'de_DE',
    paragraphs: [
      'Ein Roggenbrot braucht einen aktiven Sauerteig, denn Roggen bildet kaum Kleber.',
      'Nach einer kurzen Autolyse knetest du den Teig nur kurz und lässt ihn in einer gut bemehlten Form gehen.',
    ],
  },
  {
    title: 'About This Blog',
    type: 'page',
    paragraphs: ['I bake bread at home and write down what works. Questions about a sourdough starter or a baking stone are always welcome.'],
  },
];

/** Block markup for a post's paragraphs, as the block editor saves it. */
export function blockContent(post: DemoPost): string {
  return post.paragraphs.map((text) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`).join('\n\n');
}
