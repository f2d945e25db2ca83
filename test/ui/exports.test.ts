import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defused, parseCsv } from '../support/csv.js';
import { type BrowserSession, logInAs, openBrowser, screenshot } from './support/browser.js';
import { type BakingSite, connectAndSuggest, screenUrl, startBakingSite } from './support/baking-site.js';

interface Listed {
  sourceTitle: string;
  sourcePageUrl: string;
  targetTitle: string;
  targetPageUrl: string;
  anchorText: string;
  context: string;
  relevanceScore: number;
  status: string;
  createdAt: string;
}

/** A post no page links to, whose title a spreadsheet would run as a formula. */
const FORMULA_TITLE = '=SUM(1,2) "Crumb", notes';

describe('Download CSV on the Suggestions, Implementations and Link health screens', () => {
  let baking: BakingSite;
  let session: BrowserSession;
  let page: Page;
  let today: string;

  beforeAll(async () => {
    baking = await startBakingSite('ui-exports');
    await baking.site.createPost({ title: FORMULA_TITLE, content: '<p>Crumb notes that nothing links to.</p>' });
    await connectAndSuggest(baking);
    today = await baking.site.php<string>(`return wp_date( 'Y-m-d' );`);
    session = await openBrowser();
    page = session.page;
    await logInAs(page, baking.site.wp.url, baking.site.wp.adminUser, baking.site.wp.adminPassword);
  });

  afterAll(async () => {
    await session?.close();
    await baking?.site.stop();
  });

  /** Clicks the button and reads the file the browser downloads: its name and its rows (the header first). */
  async function downloadFrom(button: Locator): Promise<{ name: string; raw: string; rows: string[][] }> {
    const [download]: [Download, void] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()]);
    const file = await download.path();
    const raw = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await readFile(file));
    return { name: download.suggestedFilename(), raw, rows: parseCsv(raw) };
  }

  it('when the suggestions are searched and Download CSV is clicked, then the file holds the suggestions the table shows with that search, on every page', async () => {
    const { site } = baking;
    await page.goto(screenUrl(site, 'interlinker'));
    const rows = page.locator('.dataviews-view-table tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const everyPending = await rows.count();
    await page.getByRole('searchbox', { name: 'Search anchors and titles' }).fill('flour');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeLessThan(everyPending);
    const expected = await site.admin.json<Listed[]>('/interlinker/v1/suggestions?status=pending&search=flour&orderby=relevanceScore&order=desc&per_page=100');
    expect(expected.body.length).toBeGreaterThan(0);

    const file = await downloadFrom(page.getByRole('button', { name: 'Download CSV' }));

    expect(file.name).toBe(`interlinker-suggestions-${today}.csv`);
    expect(file.raw.startsWith('\uFEFF')).toBe(true);
    expect(file.rows[0]).toEqual(['Source title', 'Source URL', 'Target title', 'Target URL', 'Anchor text', 'Context', 'Relevance score', 'Status', 'Created']);
    expect(file.rows.slice(1)).toEqual(
      expected.body.map((s) =>
        [s.sourceTitle, s.sourcePageUrl, s.targetTitle, s.targetPageUrl, s.anchorText, s.context, String(s.relevanceScore), s.status, s.createdAt].map(defused),
      ),
    );
    await expect.poll(() => page.getByText(`Downloaded a CSV file with ${expected.body.length} row`).count()).toBeGreaterThan(0);
    await screenshot(page, '19-suggestions-download-csv');
  });

  it('when Download CSV is clicked on Implementations, then the file has the implementations’ columns', async () => {
    await page.goto(screenUrl(baking.site, 'interlinker-implementations'));
    const button = page.getByRole('button', { name: 'Download CSV' });
    await button.waitFor({ timeout: 15_000 });

    const file = await downloadFrom(button);

    expect(file.name).toBe(`interlinker-implementations-${today}.csv`);
    expect(file.rows).toEqual([['Implementation ID', 'Status', 'Created', 'Post title', 'Post URL', 'Anchor text', 'Target URL', 'Link status', 'Undone at']]);
  });

  it('when Download CSV is clicked on Link health’s orphan pages, then the file lists them, a formula-like title behind a single quote', async () => {
    await page.goto(screenUrl(baking.site, 'interlinker-health'));
    const button = page.getByRole('button', { name: 'Download CSV: Orphan pages' });
    await button.waitFor({ timeout: 15_000 });
    // Broken links come from the bridge, orphans from the site's own counts: the second card may show later.
    await expect.poll(() => page.getByRole('button', { name: 'Download CSV: Broken links' }).count(), { timeout: 15_000 }).toBe(1);

    const file = await downloadFrom(button);

    expect(file.name).toBe(`interlinker-orphans-${today}.csv`);
    // The orphans of the link counts: the report's columns, published posts with no link to them.
    expect(file.rows[0]).toEqual(['Title', 'URL', 'Post type', 'Status', 'Inbound links', 'Internal links', 'External links', 'Edit link']);
    expect(file.rows.slice(1).every((row) => row[4] === '0')).toBe(true);
    expect(file.rows.some((row) => row[0]!.startsWith("'=SUM(1,2)"))).toBe(true);
    for (const cell of file.rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    await screenshot(page, '20-health-download-csv');
  });

  it('when the screens were used, then our code logged no console errors', () => {
    expect(session.errors).toEqual([]);
  });
});
