/**
 * A small garden site where several posts name one guide ("Companion Planting") in their prose, and others name it
 * where no inbound suggestion may come from: a post that links to it already (by another spelling of its URL), an
 * excluded post, an unpublished one (410) and one outside the project's paths.
 */
import type { FixturePage } from './fixture-site.js';

export type GardenPage = FixturePage & { excluded?: boolean };

export const GARDEN_DOMAIN = 'https://garden.test';
export const TARGET_URL = `${GARDEN_DOMAIN}/guides/companion-planting`;

const page = (path: string, title: string, paragraphs: string[], extra: Partial<GardenPage> = {}): GardenPage => ({
  url: `${GARDEN_DOMAIN}${path}`,
  title: `${title} – Garden Notes`,
  content: paragraphs.map((p) => `<!-- wp:paragraph --><p>${p}</p><!-- /wp:paragraph -->`).join('\n'),
  ...extra,
});

/** The posts that name the guide in prose and may link to it. */
export const SOURCE_URLS = ['/blog/tomato-season', '/blog/raised-beds', '/blog/aphid-trouble', '/blog/three-sisters'].map(
  (path) => `${GARDEN_DOMAIN}${path}`,
);
export const LINKED_URL = `${GARDEN_DOMAIN}/blog/already-linked`;
export const EXCLUDED_URL = `${GARDEN_DOMAIN}/blog/excluded-post`;
export const UNPUBLISHED_URL = `${GARDEN_DOMAIN}/blog/draft-post`;
export const PRIVATE_URL = `${GARDEN_DOMAIN}/private/notes`;

export const GARDEN_PAGES: GardenPage[] = [
  page('/guides/companion-planting', 'Companion Planting', [
    'Companion planting places plants that help each other side by side: basil beside tomatoes, marigolds among beans.',
    'Good companions deter pests, attract pollinators, share nutrients and shade the soil; bad companions compete for water.',
  ]),
  page('/guides/soil-ph', 'Soil pH', [
    'Soil pH measures how acid or alkaline the soil is; most vegetables like a pH between six and seven.',
    'Lime raises the pH of acid soil, sulphur lowers it, and compost buffers both ways.',
  ]),
  page('/guides/mulching', 'Mulching', [
    'Mulching covers bare soil with straw, leaves or wood chips so it keeps moisture and smothers weeds.',
    'A thick mulch layer feeds worms and keeps roots cool in a dry summer.',
  ]),
  page('/guides/seed-saving', 'Seed Saving', [
    'Seed saving keeps open-pollinated varieties going: dry the seeds, label them and store them cold and dark.',
  ]),
  page('/blog/tomato-season', 'Tomato Season Diary', [
    'This year the tomatoes shared their bed with basil, my first real try at companion planting after years of rows.',
    'By August the plants were heavy with fruit, and the basil kept the whiteflies away from the leaves.',
  ]),
  page('/blog/raised-beds', 'Building Raised Beds', [
    'Raised beds warm early in spring and drain well, and they make companion planting easy to plan square by square.',
    'I filled mine with compost and topsoil and watched the soil pH before sowing.',
  ]),
  page('/blog/aphid-trouble', 'Aphid Trouble on the Beans', [
    'Aphids covered the broad beans in May. Nasturtiums as a trap crop and marigolds nearby, classic companion planting, pulled them off the beans.',
    'Ladybirds arrived a week later and finished the job without any spray.',
  ]),
  page('/blog/three-sisters', 'The Three Sisters', [
    'Corn, beans and squash grown together are the oldest companion planting scheme in the Americas.',
    'The corn holds up the beans, the beans feed the soil and the squash shades out weeds.',
  ]),
  {
    url: LINKED_URL,
    title: 'Planning the Vegetable Plot – Garden Notes',
    content: `<p>Before sowing I read about <a href="${GARDEN_DOMAIN.toUpperCase()}/guides/companion-planting#intro">companion planting</a> again, and companion planting decided where the basil and marigolds went.</p>`,
  },
  page('/blog/excluded-post', 'Old Notes on Companions', ['My old notes on companion planting: basil with tomatoes, marigolds with beans.'], {
    excluded: true,
  }),
  page('/blog/draft-post', 'Draft on Companions', ['A draft about companion planting for pollinators and pest control.'], { statusCode: 410 }),
  page('/private/notes', 'Private Notes', ['Private notes: companion planting trial with marigolds and beans next year.']),
];
