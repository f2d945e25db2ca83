import { seededRandom } from './seeded-random.js';

/**
 * A believable home cooking and kitchen garden blog of 150 posts, the same on every run: the site a new user syncs in
 * the browser walkthrough. Posts name each other's subjects in running text as bloggers do, a few already link one or
 * two of them, and round-ups and two three-part series name many subjects at once, so that not every mention is a
 * good link. About half the posts link one or two of the posts they name, as a blog's authors do: the bridge reads a
 * site's links as examples once 20 pages link (MIN_SITE_LINK_PAGES); without any, a third of the posts reach the
 * default score.
 */
export interface BlogPost {
  title: string;
  slug: string;
  content: string;
}

export const BLOG_POST_COUNT = 150;

/** A subject: the words a post is about and three things it involves, "name|thing|thing|thing". */
interface Category {
  /** What the blogger does with this kind of subject ("make", "grow"), or '' when no verb fits every subject. */
  verb: string;
  subjects: string[];
  /** Sentences about any subject of the category: {s} the subject, {a} {b} {c} its things, {season}. */
  sentences: string[];
}

const CATEGORIES: Category[] = [
  {
    verb: 'bake',
    subjects: [
      'sourdough starter|rye flour|a clean jar|warm water', 'focaccia|olive oil|rosemary|flaky salt', 'soda bread|buttermilk|wholemeal flour|a hot oven',
      'cinnamon buns|brown sugar|soft butter|cardamom', 'rye bread|caraway seeds|black treacle|a long prove', 'pizza dough|tipo 00 flour|a baking steel|a slow rise',
      'bagels|barley malt|a rolling boil|sesame seeds', 'flatbreads|plain yoghurt|a dry frying pan|nigella seeds', 'hot cross buns|mixed peel|currants|an apricot glaze',
      'brioche|cold butter|eggs|a stand mixer', 'oatcakes|pinhead oatmeal|bacon fat|a cooling rack', 'banana bread|overripe bananas|walnuts|a loaf tin',
      'cheese scones|mature cheddar|mustard powder|a light hand', 'shortbread|caster sugar|rice flour|a fork', 'lemon drizzle cake|unwaxed lemons|granulated sugar|a skewer',
      'apple pie|bramley apples|cinnamon|a lattice top', 'shortcrust pastry|chilled butter|iced water|baking beans',
    ],
    sentences: [
      'The dough wants a warm spot and some patience; mine sits by the radiator under a tea towel.', 'I weigh everything, even the water, because cups are vague and scales are not.',
      'A hot oven matters more than any gadget, so give it a full half hour to heat through before the {s} goes in.', 'The first time I made {s} it came out dense and pale, and we ate it anyway with plenty of butter.',
      'Most of the flavour comes from {a} and {b}, so buy the best you can and skip the rest.', 'Let it cool properly before you cut it, however hard that is with the whole kitchen smelling of {s}.',
      'Bake it a shade darker than feels comfortable; the colour is where the flavour is.', 'Kneading by hand takes ten minutes, and I have come to enjoy those ten minutes more than I expected.',
      'If you have {c}, use it; if not, the method still works with a little more care.', 'My children judge {s} by one test only: how quickly it disappears from the cooling rack.',
    ],
  },
  {
    verb: 'make',
    subjects: [
      'strawberry jam|slightly underripe fruit|a sugar thermometer|warm jars', 'Seville orange marmalade|bitter oranges|a muslin bag|a cold saucer',
      'green tomato chutney|green tomatoes|cider vinegar|sultanas', 'piccalilli|cauliflower florets|turmeric|english mustard', 'pickled onions|small shallots|malt vinegar|a brine',
      'sauerkraut|white cabbage|sea salt|a weighted crock', 'kimchi|napa cabbage|gochugaru|spring onions', 'bramble jelly|wild blackberries|crab apples|a jelly bag',
      'quince paste|ripe quinces|a heavy pan|patience', 'fermented hot sauce|red chillies|garlic|a swing-top bottle', 'lemon curd|fresh eggs|unsalted butter|a bain-marie',
      'elderflower cordial|elderflower heads|citric acid|sterilised bottles', 'sloe gin|frosted sloes|cheap gin|a dark cupboard', 'dried apple rings|windfall apples|a low oven|lemon water',
      'tomato passata|plum tomatoes|a mouli|kilner jars', 'wild garlic pesto|wild garlic leaves|toasted hazelnuts|hard cheese', 'pickled beetroot|small beetroot|spiced vinegar|cloves',
    ],
    sentences: [
      'Preserving is mostly washing jars, and I have made my peace with that.', 'I work in small batches now; a kitchen full of steam and fifteen jars is nobody\'s idea of a relaxing Sunday.',
      'The recipe itself is simple: {a}, {b} and {c}, plus the time to let them do their work.', 'Label the jars with the date, because in six months you will not remember which shelf holds the {s}.',
      'A few jars of {s} make a far better present than anything I could buy in town.', 'The smell while it cooks is half the reason to bother, and it fills the house for a whole afternoon.',
      'Do not be tempted to cut the sugar or the vinegar too far; they are what keeps it safe on the shelf.', 'We are still eating last year\'s {s}, which tells you how well it keeps in a cool cupboard.',
      'Sterilise the jars in a low oven while you cook, and fill them while everything is still hot.', 'I learnt to make {s} from my grandmother, who never measured anything and never got it wrong.',
    ],
  },
  {
    verb: 'grow',
    subjects: [
      'runner beans|a hazel wigwam|deep watering|picking every other day', 'early potatoes|chitted seed potatoes|earthing up|a fork', 'autumn garlic|fat cloves|well-drained soil|a cold snap',
      'courgettes|a rich planting hole|regular feeding|small fruits', 'winter leeks|a dibber|puddling in|a long season', 'curly kale|firm soil|a net|cold weather',
      'broad beans|an October sowing|a stake and string|pinched tops', 'sugar snap peas|pea sticks|a cool spring|daily picking', 'beetroot|clustered seeds|thinning|a steady supply of water',
      'carrots|a fine seed bed|carrot fly mesh|sandy soil', 'cut-and-come-again salad|a shallow tray|scissors|a shady corner', 'butternut squash|a sunny bed|a mound of compost|long vines',
      'chillies|a warm windowsill|a small pot|plenty of light', 'onion sets|firm planting|a sunny spot|dry weather at harvest', 'rhubarb|an old crown|a forcing pot|a heavy mulch',
      'purple sprouting broccoli|a firm bed|a long wait|a hungry pigeon', 'parsnips|fresh seed|a deep soil|the first frosts',
    ],
    sentences: [
      'On our plot the soil is heavy clay, so everything I say here comes with that caveat.', 'Sow a little and often rather than a whole packet at once; a glut is only fun for the first week.',
      'The slugs found my first sowing within a day, so now the young plants start off in modules.', 'All they really need is {a}, {b} and someone to notice when they are thirsty.',
      'I keep a notebook on the shed shelf, and every year it tells me I sowed the {s} too early.', 'A good mulch in late spring saves hours of watering later, and the worms do the digging for me.',
      'The first harvest of {s} is always the best one; we eat it standing up at the end of the bed.', 'If space is tight, {c} makes all the difference, and a single short row still gives a decent crop.',
      'Rain barrels and a watering can are all the irrigation I have, and they have been enough.', 'My neighbour on the next plot grows {s} too, and we compare notes over the fence every week.',
    ],
  },
  {
    verb: '',
    subjects: [
      'a compost heap|pallets|green and brown waste|a fork for turning', 'raised beds|untreated boards|topsoil|good paths', 'no-dig beds|cardboard|well-rotted manure|a thick mulch',
      'sowing seeds indoors|a propagator|seed compost|a bright windowsill', 'leaf mould|autumn leaves|a wire cage|two years', 'green manure|phacelia seed|bare winter soil|a strimmer',
      'slug control|beer traps|a torch at night|frogs', 'crop rotation|a simple plan|four beds|a notebook', 'a water butt|a downpipe kit|a stand|a tight lid',
      'a cold frame|an old window|bricks|hardening off', 'a polytunnel|a windless day|trenching the cover|ventilation', 'saving seeds|dry paper envelopes|open-pollinated varieties|a cool drawer',
      'comfrey feed|comfrey leaves|a bucket with a lid|a strong stomach', 'pruning apple trees|sharp secateurs|a pruning saw|a dry winter day',
      'a wildlife pond|a buried sink|sloping sides|native plants', 'bird netting|hoops|fine mesh|pegs', 'woodchip paths|free woodchip|a wheelbarrow|an edging board',
    ],
    sentences: [
      'None of this needs to cost much; most of my kit came from skips, friends and the local free ads.', 'I put it off for two seasons, and I regret every one of them now.',
      'You need {a}, {b} and a free weekend, and the weekend is the hardest part to find.', 'The garden does not care how tidy it looks, and neither should you.',
      'Done once and done properly, {s} saves you work for years afterwards.', 'Start small: one corner of the plot is plenty to learn on before you change everything.',
      'The old hands at the allotment had opinions on {s}, as they do on everything, and most of them were right.', 'It took a season before I could see any difference, and then the difference was obvious.',
      'Keep {c} in mind from the start, because it is the step people skip and then regret.', 'I still get it wrong sometimes, and the plot forgives me more often than not.',
    ],
  },
  {
    verb: 'grow',
    subjects: [
      'basil|a sunny windowsill|pinching out|warm nights', 'mint|a sunken pot|regular cutting|damp soil', 'rosemary|gritty compost|a south wall|a light trim',
      'chives|a clump to divide|a pot by the door|the purple flowers', 'a herb spiral|stones|sharp sand|a dozen herbs', 'strawberry plants|runners|straw|a net against the blackbirds',
      'raspberry canes|a post and wire|autumn pruning|summer fruiting', 'gooseberries|a standard bush|thick gloves|sawfly caterpillars', 'blackcurrants|a heavy feed|old wood|a July harvest',
      'a plum tree|a sheltered spot|a June drop|wasps', 'a fig tree|a restricted root run|a warm wall|a fleece in winter', 'blueberries in pots|ericaceous compost|rainwater|netting',
      'edible flowers|nasturtium seeds|calendula|a salad bowl', 'lemon verbena|a large pot|a frost-free porch|hard pruning', 'a cherry tree|a dwarf rootstock|a net|early blossom',
      'wild garlic|a damp woodland corner|bulbs in the green|early spring', 'blackberries|thornless canes|a fence|late summer sun',
    ],
    sentences: [
      'Fruit and herbs ask for less attention than vegetables, which is exactly why I love them.', 'A pot by the kitchen door gets used ten times as often as anything at the far end of the garden.',
      'What it wants is simple: {a}, {b} and not too much fussing.', 'The blackbirds take their share every year, and I have decided that is fair rent.',
      'I planted our first {s} the week we moved in, and it has outlasted two sheds and a fence.', 'Cut it often; the more you pick, the more it grows, and the kitchen is never short.',
      'One good plant is enough for a family, so resist the urge to fill a whole bed.', 'In a wet year {c} matters more than any feed, and the plants tell you quickly if you forget.',
      'We grow {s} as much for the bees as for ourselves, and the garden hums all summer.', 'Friends ask for cuttings every year, which is the nicest compliment a plant can get.',
    ],
  },
  {
    verb: 'cook',
    subjects: [
      'leek and potato soup|floury potatoes|a knob of butter|a stick blender', 'minestrone|borlotti beans|small pasta|a parmesan rind', 'chicken stock|a roast carcass|bay leaves|a slow simmer',
      'red lentil soup|red lentils|cumin seeds|a squeeze of lemon', 'French onion soup|a mountain of onions|beef stock|gruyère toast', 'beef and ale stew|shin of beef|a dark ale|a low oven',
      'chickpea curry|tinned chickpeas|garam masala|fresh coriander', 'roasted pumpkin soup|a whole pumpkin|ginger|toasted seeds', 'ribollita|cavolo nero|stale bread|cannellini beans',
      'three bean chilli|kidney beans|smoked paprika|a square of dark chocolate', 'pea and mint soup|frozen peas|fresh mint|a swirl of cream', 'roast tomato soup|ripe tomatoes|garlic|a hot oven',
      'mushroom risotto|dried porcini|arborio rice|a glass of white wine', 'fish pie|smoked haddock|a white sauce|mashed potato', 'shepherd\'s pie|lamb mince|worcestershire sauce|a crusty top',
      'tarka dal|yellow split peas|fried garlic|mustard seeds', 'ham hock and pea soup|a ham hock|split peas|a big pan',
    ],
    sentences: [
      'This is cold-weather food, the kind that fogs up the kitchen windows by five o\'clock.', 'It tastes better the next day, so I always make a double batch and freeze half.',
      'The base is the same as most of my soups: an onion, some patience and a heavy pan.', 'You need {a} and {b}; everything else is a matter of taste and what is in the fridge.',
      'My husband claims he does not like {s}, and then he has seconds every single time.', 'Season it at the end, not the beginning, because it reduces and the salt creeps up.',
      'Serve it with bread and a hunk of cheese and nobody will ask what is for pudding.', 'Use {c} if you have it; it turns a good pot of {s} into one people ask about.',
      'A cheap cut and a long, slow cook will always beat an expensive one rushed.', 'On a grey Tuesday in February, {s} is about as much comfort as a kitchen can offer.',
    ],
  },
  {
    verb: 'cook',
    subjects: [
      'a one-tray roast|chicken thighs|lemon wedges|a big roasting tin', 'pasta puttanesca|capers|black olives|anchovies', 'a courgette frittata|eggs|a handful of herbs|a hot grill',
      'stir-fried greens|pak choi|oyster sauce|a smoking wok', 'salmon fishcakes|tinned salmon|leftover mash|a crisp crumb', 'a simple roast chicken|a free-range bird|half a lemon|resting time',
      'turkey meatballs|turkey mince|a tomato sauce|fresh basil', 'a halloumi traybake|halloumi|peppers|a drizzle of honey', 'egg fried rice|day-old rice|frozen peas|soy sauce',
      'a slow-cooked ragu|pork and beef mince|a splash of milk|three hours', 'courgette fritters|grated courgettes|feta|a squeeze of lime', 'spanakopita|filo pastry|spinach|feta',
      'potato gnocchi|baked potatoes|a potato ricer|brown butter', 'a French omelette|three eggs|a non-stick pan|a fork', 'jacket potatoes|baking potatoes|crisp skins|a good filling',
      'a Sunday roast|roast potatoes|gravy|a family round the table', 'fish tacos|white fish|quick pickled onions|warm tortillas',
    ],
    sentences: [
      'This is what we eat on the nights when nobody has the energy for anything clever.', 'From fridge to table it takes about half an hour, most of which is waiting.',
      'The only shopping it needs is {a} and {b}; the rest is usually already in the cupboard.', 'Our youngest will eat {s} without a word of complaint, which in this house is high praise.',
      'Get everything chopped before you start, because once the pan is hot there is no time.', 'A squeeze of lemon at the end lifts it more than any amount of extra salt.',
      'I first made {s} in a tiny rented flat with one ring and a wobbly oven, and it still works.', 'Leftovers go into lunchboxes the next day, so I never make less than four portions.',
      'Keep {c} in mind, because that is where the dish is won or lost.', 'It is not fancy, and it is not meant to be; {s} is simply good food on a weeknight.',
    ],
  },
  {
    verb: '',
    subjects: [
      'a cast iron pan|coarse salt|a thin layer of oil|high heat', 'knife sharpening|a whetstone|a steady angle|a wet towel', 'pantry shelves|glass jars|a label maker|an old bookcase',
      'meal planning|a whiteboard|a shopping list|a freezer inventory', 'batch cooking|freezer bags|a marker pen|a free Sunday', 'a spice drawer|small tins|a pestle and mortar|whole spices',
      'a stock pot|a heavy base|vegetable peelings|a sieve', 'cheap cuts of meat|a friendly butcher|a low oven|time', 'digital kitchen scales|a tare button|grams|spare batteries',
      'reducing food waste|a leftovers shelf|a compost caddy|a weekly fridge check', 'packed lunches|good containers|leftovers|a cold flask', 'a stand mixer|a dough hook|a paddle|counter space',
      'cooking with children|a low stool|blunt knives|a lot of flour', 'dinner for friends|a make-ahead main|a cheese board|a long table', 'a slow cooker|cheap cuts|a timer|an eight-hour day',
      'a chest freezer|a garage corner|labelled boxes|a thermometer', 'kitchen gardening on a budget|free seeds|swapped plants|patience',
    ],
    sentences: [
      'Nothing in this post is sponsored; it is just what has earned its place in our kitchen.', 'I resisted for years on the grounds that I did not need it, and I was wrong.',
      'You need {a} and {b}, and after that it is mostly about habit.', 'The kitchen is small, so anything that lives on the counter has to work for its space.',
      'Since we started on {s}, the weekly shop has shrunk and the bin has too.', 'It took a month before it felt natural, and now I cannot imagine the kitchen without it.',
      'My mother did all of this without a second thought, and I had to learn it from scratch.', 'Do not overthink it; {c} is the only part that really matters.',
      'Readers ask about {s} more than almost anything else, so here is the long answer.', 'A little planning on Sunday buys a calm week, and a calm week is worth a lot.',
    ],
  },
];

const SEASONS = ['spring', 'summer', 'autumn', 'winter'];
const SUBTITLES = [
  'the way I make it now', 'what finally worked', 'a beginner\'s guide', 'notes from three seasons', 'everything I wish I had known',
  'start to finish', 'a weekend project', 'cheaper than you think', 'worth every minute', 'my tried and tested method',
  'small batch, big rewards', 'the lazy version', 'lessons from a wet summer', 'a family favourite', 'better than the shop',
  'what I do differently now', 'questions answered', 'a second attempt',
];
/** Titles without a subtitle; the others are "Subject: subtitle". */
const TITLE_FORMS = [
  (s: string, verb: string) => (verb ? `How I ${verb} ${s}` : `A word about ${s}`),
  (s: string) => `Getting started with ${s}`,
  (s: string) => `In praise of ${s}`,
  (s: string) => `${cap(s)} for beginners`,
  (s: string) => `Notes on ${s}`,
];

const INTROS = [
  'I have been meaning to write about {s} since last {season}, when a reader asked how I manage it with so little fuss.', 'This started as a note on the back of an envelope and grew: everything I know about {s}, in one place.',
  'Nobody taught me {s}; I learnt it badly, then slowly, then well enough to share it here.', 'If you only try one new thing this {season}, let it be {s}.',
  'Every {season} I come back to {s} and change one small thing, and this year the change was worth writing down.', 'A friend asked me over coffee how I {verb} {s}, and my answer took so long that it became this post.',
  'There are a hundred guides to {s} out there, so here is the one that matches a small kitchen and a smaller budget.',
];
const CLOSINGS = [
  'That is all for now. Tell me in the comments how you get on with {s}, and what you would change.', 'As ever, take this as one cook\'s notes rather than rules, and adapt it to your own kitchen and garden.',
  'Next week the plan is something quite different, weather permitting, and the kettle is already on.', 'If you try it, I would love to hear about it; the best tips on this blog have always come from readers.',
  'I will report back at the end of the {season}, when I know whether this year\'s changes paid off.',
];
/** Sentences naming another post's subject {o} of any kind and one of its things {t}; {season} the time of year. */
const MENTIONS = [
  'Last {season} I wrote about {o}, where it all came down to {t}, and much of that applies here too.', 'A reader who had just tried {o} wrote to say that {t} made all the difference, and the same goes here.',
  'Some of you asked whether {o} could be approached the same way; mostly yes, once you have {t} sorted.', 'My neighbour swears by {o}, and after a year of watching her fuss over {t} I can see why.',
  'I learnt the same lesson the hard way with {o}: never skimp on {t}.', 'When the weather turns, {o} takes over as the project of the moment, and I start thinking about {t}.',
  'I wrote a whole post about {o} if you want my thoughts on {t}.',
];
/** Sentences naming a subject of the same kind as the post's own. */
const NEAR_MENTIONS = [
  'If you have the time, the natural next step is {o}, which needs little more than {t}.', 'On a busy week I turn to {o} instead, and nobody complains.',
  'There is a little overlap with my post on {o}, especially around {t}, so skip ahead if you have read that one.', 'The timing lines up neatly with {o}, so I often do both on the same weekend.',
  'It goes well with {o}, which is handy when you want to make a day of it.', 'Think of it as a cousin of {o}, with less effort and almost as much reward.',
];
/** Sentences that fit any post, for the longer ones. */
const GENERAL_SENTENCES = [
  'The weather had other ideas for most of the month, as it usually does.', 'I took photographs as I went, though most of them are steamed up or muddy.',
  'None of this is complicated, but it does reward doing it the same way each time.', 'A cup of tea halfway through is not optional in this house.',
  'Looking back at my notes from the first year, I am amazed anything worked at all.', 'If something goes wrong, write it down; next year you will be glad you did.',
  'The dog supervised, as ever, from a safe distance.', 'Costs were small: a few pounds here and there, and a lot of saved jars.',
];
const HEADINGS = ['What you need', 'Getting it right', 'What went wrong', 'A few tips', 'When to start', 'The method'];

/** Round-ups name many subjects; their titles name none. */
const ROUNDUPS: { title: string; intro: string; closing: string }[] = [
  { title: 'Ten things I learnt this spring', intro: 'Spring went by in a blur of seed trays and muddy boots. Here is what stuck.', closing: 'Ten was a stretch; some of these were learnt twice. Roll on summer.' },
  { title: 'What we ate in January', intro: 'January is long and grey, and the kitchen is where we spend it. This was the month on a plate.', closing: 'February looks much the same, only with more marmalade.' },
  { title: 'My favourite posts of the year', intro: 'Another year of cooking, growing and writing it all down. These are the posts I come back to myself.', closing: 'Thank you for reading, commenting and sending me your photographs all year.' },
  { title: 'A beginner\'s reading list', intro: 'New here? Welcome. If you are starting out in the kitchen or on the plot, these are the posts I would read first.', closing: 'Start anywhere. Nothing here is difficult once you have done it once.' },
  { title: 'Notes from the autumn plot', intro: 'The days are shorter and the plot is winding down, which leaves time to look back.', closing: 'Next comes the long wait for the seed catalogues.' },
  { title: 'Making the most of a summer glut', intro: 'Every summer the garden produces more than we can eat, and every summer I promise to plan for it.', closing: 'If you have a glut of your own, share it with the neighbours first. Then start preserving.' },
  { title: 'Questions readers asked me this year', intro: 'Your questions fill my inbox, and many of them are better than my posts. Here are the most common.', closing: 'Keep them coming; the next round-up is already half written.' },
  { title: 'Five projects for a rainy weekend', intro: 'When the plot is waterlogged and the children are restless, these keep everyone busy.', closing: 'With luck the sun will be back by Monday.' },
];
const ROUNDUP_ITEMS = [
  'That {o} is easier than it looks, once you stop reading about it and start.', 'I finally got the hang of {o}, after three years of trying.',
  'The most asked-about post was the one on {o}, by a long way.', 'Half an hour spent on {o} pays back for months.',
  'Everyone who visited this year asked about {o}.', 'I was wrong about {o} for years, and happy to admit it.',
  'The cheapest win of all was {o}.',
];

/** Two three-part series: each part names the others' subjects; heads share the series name. */
const SERIES: { name: string; parts: string[]; words: string; related: string[] }[] = [
  {
    name: 'Tomato diary',
    parts: ['sowing in February', 'planting out', 'the glut and what to do with it'],
    words: 'tomato seedlings, cordon tomatoes, side shoots, tomato feed and blight',
    related: ['tomato passata', 'green tomato chutney', 'roast tomato soup', 'comfrey feed', 'a polytunnel'],
  },
  {
    name: 'The new allotment',
    parts: ['taking on a neglected plot', 'the first season', 'one year on'],
    words: 'brambles, couch grass, a rented plot, the committee and a borrowed rotavator',
    related: ['no-dig beds', 'a compost heap', 'woodchip paths', 'raised beds', 'runner beans'],
  },
];
const SERIES_SENTENCES = [
  'This is part {n} of {series}, where I write down {words} as they happen.', 'If you missed the earlier parts of {series}, start there; this picks up where they left off.',
  'The weather has been against us, and the notebook is full of crossings-out.', 'Plenty went wrong, which is the point of keeping a diary: next year\'s notes are this year\'s mistakes.',
  'I am writing this with mud still under my fingernails, so forgive the brevity.',
];

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const paragraph = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;
const heading = (text: string) => `<!-- wp:heading -->\n<h2 class="wp-block-heading">${text}</h2>\n<!-- /wp:heading -->`;
const list = (items: string[]) =>
  `<!-- wp:list -->\n<ul class="wp-block-list">${items.map((item) => `<!-- wp:list-item -->\n<li>${item}</li>\n<!-- /wp:list-item -->`).join('')}</ul>\n<!-- /wp:list -->`;

interface Subject {
  name: string;
  things: string[];
  category: number;
  title: string;
  slug: string;
}

/** The 150 posts, generated from seed 25; titles and slugs are distinct. */
export function generateBlogPosts(seed = 25): BlogPost[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const shuffled = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);

  const subjects: Subject[] = CATEGORIES.flatMap((category, index) =>
    category.subjects.map((entry) => {
      const [name, ...things] = entry.split('|');
      return { name: name!, things, category: index, title: '', slug: '' };
    }),
  );
  const bySubject = new Map(subjects.map((subject) => [subject.name, subject]));
  const titles = new Set<string>();
  const unique = (title: string) => {
    if (titles.has(title)) throw new Error(`duplicate blog title ${title}`);
    titles.add(title);
    return title;
  };

  // Titles first, so that every post can link any other by its slug.
  const subtitles = shuffled(SUBTITLES);
  subjects.forEach((subject, index) => {
    // A recipe or crop of two words or more is often its own title; the rest have a subtitle or a phrase around it.
    const form = random();
    const plain = form < 0.3 && subject.name.includes(' ') && !/^an? /.test(subject.name);
    subject.title = unique(
      plain
        ? cap(subject.name)
        : form < 0.7
          ? `${cap(subject.name)}: ${subtitles[index % subtitles.length]!}`
          : pick(TITLE_FORMS)(subject.name, CATEGORIES[subject.category]!.verb),
    );
    subject.slug = slugOf(subject.title);
  });

  /** A sentence naming `other`, as a link to it when `linked`. */
  const mention = (other: Subject, linked: boolean, template: string) => {
    const name = linked ? `<a href="/${other.slug}/">${other.name}</a>` : other.name;
    const sentence = fill(template, { o: name, t: pick(other.things), season: pick(SEASONS) });
    return sentence.startsWith(name) ? cap(name) + sentence.slice(name.length) : sentence;
  };
  /** Which of `others` this post already links: about half the posts link one or two, never all. */
  const linkedOf = (others: Subject[]) => {
    if (random() > 0.45 || others.length < 2) return new Set<Subject>();
    return new Set(shuffled(others).slice(0, Math.min(others.length - 1, 2)));
  };

  const posts: BlogPost[] = subjects.map((subject) => {
    const category = CATEGORIES[subject.category]!;
    const values = {
      s: subject.name, verb: category.verb, a: subject.things[0]!, b: subject.things[1]!, c: subject.things[2]!, season: pick(SEASONS),
    };
    const sameCategory = subjects.filter((other) => other.category === subject.category && other !== subject);
    const elsewhere = subjects.filter((other) => other.category !== subject.category);
    const count = 2 + Math.floor(random() * 4);
    const nearby = Math.max(1, Math.round(count * 0.6));
    const others = [...shuffled(sameCategory).slice(0, nearby), ...shuffled(elsewhere).slice(0, count - nearby)];
    const linked = linkedOf(others);
    const sentences = [...shuffled(GENERAL_SENTENCES).slice(0, 4), ...shuffled(category.sentences)];
    const bodyCount = 2 + Math.floor(random() * 5);
    const blocks = [paragraph(fill(pick(INTROS), values) + ' ' + fill(sentences.pop()!, values))];
    for (let i = 0; i < bodyCount; i += 1) {
      if (i === 1 && random() < 0.35) blocks.push(heading(pick(HEADINGS)));
      if (i === 2 && random() < 0.3) blocks.push(list(subject.things.map((thing) => cap(thing))));
      const parts = [fill(sentences.pop()!, values), fill(sentences.pop()!, values)];
      others.forEach((other, k) => {
        if (k % bodyCount !== i) return;
        const template = pick(other.category === subject.category ? NEAR_MENTIONS : MENTIONS);
        parts.splice(1 + Math.floor(random() * parts.length), 0, mention(other, linked.has(other), template));
      });
      blocks.push(paragraph(parts.join(' ')));
    }
    blocks.push(paragraph(fill(pick(CLOSINGS), values)));
    return { title: subject.title, slug: subject.slug, content: blocks.join('\n\n') };
  });

  for (const series of SERIES) {
    const partTitles = series.parts.map((part, n) => unique(`${series.name}, part ${n + 1}: ${part}`));
    series.parts.forEach((part, n) => {
      const values = { n: String(n + 1), series: `the ${series.name.toLowerCase().replace(/^the /, '')}`, words: series.words, season: pick(SEASONS) };
      const related = shuffled(series.related).slice(0, 2 + Math.floor(random() * 2)).map((name) => bySubject.get(name)!);
      const linked = linkedOf(related);
      const blocks = [paragraph(`${fill(SERIES_SENTENCES[0]!, values)} This time: ${part}.`)];
      if (n > 0) blocks.push(paragraph(`${fill(SERIES_SENTENCES[1]!, values)} In <a href="/${slugOf(partTitles[n - 1]!)}/">part ${n}</a> things looked rather different.`));
      for (const [k, other] of related.entries()) {
        blocks.push(paragraph(`${fill(SERIES_SENTENCES[2 + (k % 3)]!, values)} ${mention(other, linked.has(other), pick(MENTIONS))}`));
      }
      blocks.push(paragraph(fill(pick(CLOSINGS), { s: values.series, season: values.season })));
      posts.push({ title: partTitles[n]!, slug: slugOf(partTitles[n]!), content: blocks.join('\n\n') });
    });
  }

  for (const roundup of ROUNDUPS) {
    const named = shuffled(subjects).slice(0, 5 + Math.floor(random() * 3));
    const linked = linkedOf(named);
    const itemTemplates = shuffled(ROUNDUP_ITEMS);
    const items = named.slice(0, 4).map((other, k) => mention(other, linked.has(other), itemTemplates[k]!));
    const rest = named.slice(4).map((other) => mention(other, linked.has(other), pick(MENTIONS)));
    const blocks = [
      paragraph(roundup.intro),
      list(items),
      paragraph(`The rest of the list is less tidy. ${rest.join(' ')}`),
      paragraph('Looking back, most of it came down to starting earlier and worrying less, which is advice I give every year and never take.'),
      paragraph('Thank you to everyone who wrote in with their own versions; several of your ideas are on this list.'),
      paragraph(roundup.closing),
    ];
    posts.push({ title: unique(roundup.title), slug: slugOf(roundup.title), content: blocks.join('\n\n') });
  }

  if (posts.length !== BLOG_POST_COUNT) throw new Error(`expected ${BLOG_POST_COUNT} blog posts, made ${posts.length}`);
  if (new Set(posts.map((post) => post.slug)).size !== posts.length) throw new Error('duplicate blog slugs');
  return shuffled(posts);
}

export const BLOG_POSTS: BlogPost[] = generateBlogPosts();
