/**
 * A small cooking site whose pages mention each other by name, in allowed and forbidden places, so that the
 * engine has real suggestions to make and real traps to avoid.
 */
export const FIXTURE_DOMAIN = 'https://kitchen.test';

export interface FixturePage {
  url: string;
  title: string;
  content: string;
  statusCode?: number;
}

const topic = (name: string, body: string) =>
  `<p>${name} is a subject every home baker meets sooner or later.</p><p>${body}</p>`;

export const FIXTURE_PAGES: FixturePage[] = [
  {
    url: `${FIXTURE_DOMAIN}/guides/sourdough-starter`,
    title: 'Sourdough Starter – Kitchen Notes',
    content: topic('A sourdough starter', 'Feed the sourdough starter with flour and water every day; a lively sourdough starter doubles in a few hours and smells of yoghurt and fruit. Starter hydration, feeding ratios and temperature decide how sour the bread will be.'),
  },
  {
    url: `${FIXTURE_DOMAIN}/guides/bread-flour`,
    title: 'Bread Flour – Kitchen Notes',
    content: topic('Bread flour', 'Bread flour has more protein than cake flour, so bread flour builds stronger gluten for chewy loaves. Protein content, milling and flour absorption change the dough.'),
  },
  {
    url: `${FIXTURE_DOMAIN}/guides/baking-stone`,
    title: 'Baking Stone – Kitchen Notes',
    content: topic('A baking stone', 'A baking stone stores heat and gives loaves and pizza a crisp base; preheat the baking stone for an hour. Oven spring, steam and crust colour depend on it.'),
  },
  {
    url: `${FIXTURE_DOMAIN}/guides/dough-hydration`,
    title: 'Dough Hydration – Kitchen Notes',
    content: topic('Dough hydration', 'Dough hydration is the weight of water over the weight of flour; high dough hydration gives an open crumb. Flour absorption and protein decide the right hydration.'),
  },
  {
    url: `${FIXTURE_DOMAIN}/guides/gone`,
    title: 'Proofing Basket – Kitchen Notes',
    content: topic('A proofing basket', 'A proofing basket shapes the loaf while the dough rises.'),
    statusCode: 404,
  },
  {
    url: `${FIXTURE_DOMAIN}/blog/weekend-loaf`,
    title: 'My Weekend Loaf – Kitchen Notes',
    content: [
      '<!-- wp:heading --><h2>Sourdough starter and bread flour</h2><!-- /wp:heading -->',
      '<!-- wp:paragraph --><p>Every Saturday I wake my sourdough starter and weigh out strong bread flour for the weekend loaf. Getting the dough hydration right took me months of sticky hands, flour absorption tests and protein charts.</p><!-- /wp:paragraph -->',
      '<p>I bake it on a <a href="/guides/baking-stone">baking stone</a> that lives in the oven, and I never skip the proofing basket.</p>',
      '<p><img src="/x.jpg" alt="dough hydration chart"> Oven spring and crust colour come from steam and heat.</p>',
      '<pre>sourdough starter: 100 g</pre><p><code>bread flour</code> is listed twice in the recipe card.</p>',
      '<p>[recipe name="dough hydration"] The loaf is done when it sounds hollow; my sourdough starter smells of yoghurt by then.</p>',
    ].join('\n'),
  },
];

export const SOURCE_URL = `${FIXTURE_DOMAIN}/blog/weekend-loaf`;
