import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, logInAs, openBrowser, screenshot } from './support/browser.js';
import { type BakingSite, connectAndSuggest, type ListedSuggestion, screenUrl, startBakingSite } from './support/baking-site.js';

interface Listed extends ListedSuggestion {
  targetPostId: number;
  targetTitle: string;
}

interface ImplementationRow {
  id: string;
  status: string;
  suggestionIds: string[];
}

/** The block editor's state, read through wp.data as the editor itself reads it. */
interface EditorWindow {
  wp: {
    data: {
      select: (store: string) => Record<string, (...args: unknown[]) => unknown>;
      dispatch: (store: string) => Record<string, (...args: unknown[]) => unknown>;
    };
    blocks: { createBlock: (name: string, attributes: Record<string, unknown>) => unknown };
  };
}

const LIMIT = 3;

describe('the block editor sidebar inserts ticked suggestions as implementations, in Chromium', () => {
  let baking: BakingSite;
  let session: BrowserSession;
  let page: Page;
  let suggestions: Listed[];
  let firstImplementation: string;
  let undoneId: string;

  beforeAll(async () => {
    baking = await startBakingSite('ui-editor-sidebar');
    await connectAndSuggest(baking);
    const { site, loafId } = baking;
    const saved = await site.admin.json('/interlinker/v1/settings', { method: 'POST', body: { maxLinksPerPost: LIMIT } });
    if (saved.status !== 200) throw new Error(`saving the limit answered ${saved.status}`);
    const listed = await site.admin.json<Listed[]>(`/interlinker/v1/suggestions?post_id=${loafId}&per_page=100&orderby=relevanceScore&order=desc`);
    // One suggestion per target, so that each ticked link can only fail for the limit.
    const byTarget = new Map<number, Listed>();
    for (const suggestion of listed.body) if (!byTarget.has(suggestion.targetPostId)) byTarget.set(suggestion.targetPostId, suggestion);
    suggestions = [...byTarget.values()];
    if (suggestions.length < 4) throw new Error(`the loaf needs suggestions to four posts, it has ${suggestions.length}`);
    for (const suggestion of listed.body.filter((s) => !suggestions.includes(s))) {
      await site.admin.json(`/interlinker/v1/suggestions/${suggestion.id}`, { method: 'PATCH', body: { status: 'rejected' } });
    }
    // Approved, as an editor may have left them; pending ones are ticked the same way.
    for (const suggestion of suggestions.slice(0, 4)) {
      await site.admin.json(`/interlinker/v1/suggestions/${suggestion.id}`, { method: 'PATCH', body: { status: 'approved' } });
    }
    session = await openBrowser();
    page = session.page;
    await logInAs(page, site.wp.url, site.wp.adminUser, site.wp.adminPassword);
  });

  afterAll(async () => {
    await session?.close();
    await baking?.site.stop();
  });

  const sidebar = () => page.locator('.interface-complementary-area').first();
  const linksInPost = () => sidebar().locator('.interlinker-editor-links-in-post li');
  const report = () => sidebar().locator('.interlinker-editor-report li');
  const checkbox = (suggestion: Listed): Locator => sidebar().getByRole('checkbox', { name: `Link to “${suggestion.targetTitle}”` });
  const editedContent = () => page.evaluate(() => (window as unknown as EditorWindow).wp.data.select('core/editor').getEditedPostContent!() as string);
  const isDirty = () => page.evaluate(() => (window as unknown as EditorWindow).wp.data.select('core/editor').isEditedPostDirty!() as boolean);
  const markers = (html: string) => [...html.matchAll(/data-interlinker="([^"]+)"/g)].map((match) => match[1]);
  const implementations = async () =>
    (await baking.site.admin.json<ImplementationRow[]>('/interlinker/v1/implementations?per_page=100')).body;

  async function openEditor(): Promise<void> {
    await page.goto(`${baking.site.wp.url}/wp-admin/post.php?post=${baking.loafId}&action=edit`);
    await page.waitForFunction(() => Boolean((window as unknown as { wp?: { data?: unknown } }).wp?.data));
    await page.evaluate(() => {
      (window as unknown as EditorWindow).wp.data.dispatch('core/preferences').set!('core/edit-post', 'welcomeGuide', false);
    });
    // The sidebar stays open from one visit to the next: open it only when it is not.
    const toggle = page.getByRole('button', { name: 'Interlinker link suggestions' }).first();
    await toggle.waitFor();
    if ((await toggle.getAttribute('aria-expanded')) !== 'true' && (await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  }

  /** Types a paragraph at the end of the post, as an editor would before choosing links. */
  async function addParagraph(text: string): Promise<void> {
    await page.evaluate((content) => {
      const { wp } = window as unknown as EditorWindow;
      wp.data.dispatch('core/block-editor').insertBlocks!(wp.blocks.createBlock('core/paragraph', { content }));
    }, text);
  }

  it('when the editor opens, then the sidebar lists the stored suggestions with their sentence and score, without a click', async () => {
    await openEditor();
    for (const suggestion of suggestions.slice(0, 4)) {
      await expect.poll(() => checkbox(suggestion).count(), { timeout: 30_000 }).toBe(1);
    }
    expect(await sidebar().locator('.interlinker-context__anchor').count()).toBeGreaterThanOrEqual(4);
    expect(await sidebar().getByText(/score \d+%/).count()).toBeGreaterThanOrEqual(4);
    // Nothing ticked: nothing to insert.
    expect(await sidebar().getByRole('button', { name: 'Insert ticked links' }).isDisabled()).toBe(true);
    await screenshot(page, '30-editor-sidebar-suggestions');
  });

  it('when two links are ticked and inserted with unsaved edits, then the post is saved first, the links are one implementation with markers, and the editor shows them', async () => {
    const [first, second] = suggestions as [Listed, Listed];
    await addParagraph('A closing line written just before the links went in.');
    expect(await isDirty()).toBe(true);
    await checkbox(first).check();
    await checkbox(second).check();
    await sidebar().getByRole('button', { name: 'Insert ticked links' }).click();
    // While the links go in, nothing else can be started.
    await expect.poll(() => report().count(), { timeout: 30_000 }).toBe(2);
    expect(await sidebar().locator('.interlinker-editor-report .interlinker-editor-result--ok').count()).toBe(2);
    // Each link now in the post can be undone, under its target's title.
    await expect.poll(() => linksInPost().count(), { timeout: 15_000 }).toBe(2);
    expect(await linksInPost().allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining(first.targetTitle), expect.stringContaining(second.targetTitle)]),
    );
    await screenshot(page, '31-editor-sidebar-inserted');

    const stored = await baking.site.content(baking.loafId);
    expect(stored).toContain('A closing line written just before the links went in.');
    expect(markers(stored).sort()).toEqual([first.id, second.id].sort());
    const rows = await implementations();
    const made = rows.find((row) => row.suggestionIds.includes(first.id));
    expect(made).toMatchObject({ status: 'completed' });
    expect([...made!.suggestionIds].sort()).toEqual([first.id, second.id].sort());
    firstImplementation = made!.id;

    // The editor holds the stored content again: the links show, and nothing is waiting to be saved.
    await expect.poll(async () => markers(await editedContent()).sort()).toEqual([first.id, second.id].sort());
    expect(await isDirty()).toBe(false);
    const canvas = page.frameLocator('iframe[name="editor-canvas"]');
    await expect.poll(() => canvas.locator('a[data-interlinker]').count(), { timeout: 15_000 }).toBe(2);
    // The inserted links leave the list of open suggestions.
    await expect.poll(() => checkbox(first).count(), { timeout: 15_000 }).toBe(0);

    // The next save from the editor keeps them.
    await addParagraph('A later edit, saved from the editor.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => baking.site.content(baking.loafId), { timeout: 30_000 }).toContain('A later edit, saved from the editor.');
    expect(markers(await baking.site.content(baking.loafId)).sort()).toEqual([first.id, second.id].sort());
  });

  it('when two more are ticked with a limit of three links per post, then one goes in and the other is refused with the reason in plain words', async () => {
    const [, , third, fourth] = suggestions as [Listed, Listed, Listed, Listed];
    await checkbox(third).check();
    await checkbox(fourth).check();
    await sidebar().getByRole('button', { name: 'Insert ticked links' }).click();
    await expect.poll(() => report().count(), { timeout: 30_000 }).toBe(4);
    const failed = sidebar().locator('.interlinker-editor-report .interlinker-editor-result--failed');
    expect(await failed.count()).toBe(1);
    expect(await failed.innerText()).toContain('Not inserted');
    expect(await failed.innerText()).toContain(`the most Interlinker links allowed per post (${LIMIT})`);
    // The one that went in can be undone with the others; the refused one cannot.
    await expect.poll(() => linksInPost().getByRole('button', { name: /^Undo the link/ }).count(), { timeout: 15_000 }).toBe(LIMIT);
    await screenshot(page, '32-editor-sidebar-limit');

    const stored = markers(await baking.site.content(baking.loafId));
    expect(stored.length).toBe(LIMIT);
    await expect.poll(async () => markers(await editedContent()).length).toBe(LIMIT);
    expect(await isDirty()).toBe(false);
  });

  it('when one inserted link is undone, then only that link leaves the post and the editor', async () => {
    const [first, second, third, fourth] = suggestions as [Listed, Listed, Listed, Listed];
    const content = await baking.site.content(baking.loafId);
    const inserted = [third, fourth].find((suggestion) => markers(content).includes(suggestion.id))!;
    undoneId = inserted.id;
    await sidebar().getByRole('button', { name: `Undo the link “${inserted.anchorText}”` }).click();
    await expect.poll(() => page.getByText(`The link “${inserted.anchorText}” was removed.`).count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => linksInPost().count(), { timeout: 15_000 }).toBe(2);
    expect(await report().filter({ hasText: 'Inserted, then undone' }).innerText()).toContain(inserted.anchorText);

    const after = await baking.site.content(baking.loafId);
    expect(markers(after).sort()).toEqual([first.id, second.id].sort());
    expect(after).toContain('A later edit, saved from the editor.');
    await expect.poll(async () => markers(await editedContent()).sort()).toEqual([first.id, second.id].sort());
    expect(await isDirty()).toBe(false);
    const undone = (await implementations()).find((row) => row.suggestionIds.includes(inserted.id));
    expect(undone?.status).toBe('rolled_back');
    expect((await implementations()).find((row) => row.id === firstImplementation)?.status).toBe('completed');
    await screenshot(page, '33-editor-sidebar-undone');
  });

  it('when the post is opened on the front end, then its links are there without their markers', async () => {
    const permalink = await baking.site.php<string>(`return get_permalink( ${baking.loafId} );`);
    const html = await (await fetch(permalink)).text();
    expect(html).toContain('A later edit, saved from the editor.');
    expect((html.match(/<a [^>]*href="[^"]+"[^>]*>/g) ?? []).length).toBeGreaterThanOrEqual(2);
    expect(html).not.toContain('data-interlinker');
  });

  it('when another user has the post open, then inserting is refused with their name, and nothing changes', async () => {
    const { site, loafId } = baking;
    const editor = site.wp.users.editor;
    const before = await site.content(loafId);
    // The one refused for the limit is still open (an undone one is not offered again without a decision).
    const open = suggestions.slice(0, 4).find((suggestion) => !markers(before).includes(suggestion.id) && suggestion.id !== undoneId)!;
    await openEditor();
    await expect.poll(() => checkbox(open).count(), { timeout: 30_000 }).toBe(1);
    // After a fresh load, the links inserted earlier can still be undone one by one.
    await expect.poll(() => linksInPost().getByRole('button', { name: /^Undo the link/ }).count(), { timeout: 15_000 }).toBe(2);
    await site.php(`return update_post_meta( ${loafId}, '_edit_lock', time() . ':${editor.id}' );`);
    try {
      await checkbox(open).check();
      await session.expectingFailedRequests(async () => {
        await sidebar().getByRole('button', { name: 'Insert ticked links' }).click();
        await expect.poll(() => sidebar().locator('.interlinker-error').innerText(), { timeout: 30_000 }).toContain('is editing this post right now');
        expect(await sidebar().locator('.interlinker-error').innerText()).toContain('Someone else is editing this post');
      });
      await screenshot(page, '34-editor-sidebar-locked');
      expect(await site.content(loafId)).toBe(before);
    } finally {
      await site.php(`return update_post_meta( ${loafId}, '_edit_lock', time() . ':1' );`);
    }
  });

  it('when "No suggestions for this post" is switched on and saved, then the bridge has the post as excluded, and Settings lists it until it is removed there', async () => {
    const { site, loafId } = baking;
    const url = await site.php<string>(`return get_permalink( ${loafId} );`);
    const bridgePage = async () => {
      const pages = await site.bridgeApi<{ data: { url: string; excluded: boolean }[] }>(`/api/projects/${await site.projectId()}/pages?limit=100`);
      return pages.body.data.find((one) => one.url === url);
    };
    expect((await bridgePage())?.excluded).toBe(false);

    await sidebar().getByLabel('No suggestions for this post').check();
    await expect.poll(() => sidebar().getByText('This post gets no suggestions.').count()).toBe(1);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => site.php<boolean>(`return (bool) get_post_meta( ${loafId}, '_interlinker_no_suggestions', true );`), { timeout: 30_000 }).toBe(true);
    await expect.poll(async () => (await bridgePage())?.excluded, { timeout: 30_000 }).toBe(true);
    await sidebar().getByRole('button', { name: 'Links to this post' }).click();
    await expect.poll(() => sidebar().getByText('This post gets no suggestions, so no links to it are suggested either.').count()).toBe(1);
    await screenshot(page, '35-editor-sidebar-no-suggestions');

    await page.goto(screenUrl(site, 'interlinker-settings'));
    const panel = page.getByRole('region', { name: 'Posts that get no suggestions' });
    await expect.poll(() => panel.getByRole('link', { name: 'My Weekend Loaf' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await panel.getByRole('link', { name: 'My Weekend Loaf' }).getAttribute('href')).toContain(`post=${loafId}`);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, '36-settings-no-suggestions');
    await panel.getByRole('button', { name: 'Let “My Weekend Loaf” get suggestions again' }).click();
    await expect.poll(() => panel.getByText('None: every post takes part.').count(), { timeout: 15_000 }).toBe(1);
    expect(await site.php<boolean>(`return (bool) get_post_meta( ${loafId}, '_interlinker_no_suggestions', true );`)).toBe(false);
    await expect.poll(async () => (await bridgePage())?.excluded, { timeout: 30_000 }).toBe(false);
  });

  it('when the sidebar was used, then our code logged no console errors', () => {
    expect(session.errors).toEqual([]);
  });
});
