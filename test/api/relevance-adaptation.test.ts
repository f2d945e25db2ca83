import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_DECISIONS } from '../../bridge/src/engine/adaptation.js';
import { ANCHOR_INPUTS, LATER_TARGET_INPUTS, TARGET_INPUTS } from '../../bridge/src/engine/relevance.js';
import type { Suggestion } from '../../bridge/src/client/index.js';
import { SITE_DOMAIN, syntheticPage } from '../../bench/speed/synthetic-site.js';
import { startTestBridge, type TestAccount, type TestBridge } from '../support/api-harness.js';

const SITE_SIZE = 80;
/**
 * Without the synthetic site's links: the model is then adapted to nothing but the editors' decisions (adapting to a
 * site's own links is tested in site-links-relevance.test.ts).
 */
const PAGES = Array.from({ length: SITE_SIZE }, (_, i) => syntheticPage(i, SITE_SIZE, 400)).map((page) => ({
  ...page,
  content: page.content.replace(/<a href="[^"]*">([^<]*)<\/a>/g, '$1'),
}));
/** Pages editors decide on; the last pages are only asked, before and after, to see the score move. */
const DECIDED = PAGES.slice(0, 20);
const PROBES = PAGES.slice(-10);

let bridge: TestBridge;
let account: TestAccount;

beforeAll(async () => {
  bridge = await startTestBridge();
  account = await bridge.createAccount('adaptation');
});
afterAll(() => bridge.close());

async function newProject(name: string, client = account.client): Promise<string> {
  const project = await client.createProject({ name, domain: SITE_DOMAIN });
  const result = await client.syncPages(project.id, PAGES);
  expect(result.failed).toBe(0);
  return project.id;
}

async function ask(projectId: string, pages: typeof PAGES): Promise<Suggestion[]> {
  const answers = await Promise.all(
    pages.map((page) => account.client.generateSuggestions(projectId, { sourcePageUrl: page.url, limit: 10, minRelevanceScore: 0 })),
  );
  return answers.flat();
}

const meanScore = (suggestions: readonly Suggestion[]): number =>
  suggestions.reduce((sum, s) => sum + s.relevanceScore, 0) / Math.max(1, suggestions.length);

/** Editors decide on every suggestion of the decided pages: `accept(i)` for the i-th one. */
async function decide(projectId: string, accept: (i: number) => boolean): Promise<number> {
  const suggestions = await ask(projectId, DECIDED);
  for (const [i, suggestion] of suggestions.entries()) {
    await account.client.updateSuggestion(projectId, suggestion.id, accept(i) ? 'approved' : 'rejected');
  }
  return suggestions.length;
}

describe("scores adapted to a project's editors", () => {
  it('when a project has no decisions yet, then it is scored by the shipped model and says so', async () => {
    const projectId = await newProject('fresh');
    await ask(projectId, PROBES);
    expect(await account.client.getRelevanceSummary(projectId)).toEqual({
      adapted: false,
      decisions: 0,
      accepted: 0,
      rejected: 0,
      minimumDecisions: MIN_DECISIONS,
      minimumOfEach: 5,
      siteLinks: { adapted: false, pages: 0, examples: 0, linked: 0, meanScore: null, levelShift: 0 },
    });
  });

  it('when editors accept nearly everything, then suggestions elsewhere on the site score higher; another project is untouched', async () => {
    const projectId = await newProject('generous');
    const untouched = await newProject('untouched');
    const before = meanScore(await ask(projectId, PROBES));
    const untouchedBefore = await ask(untouched, PROBES);

    const decided = await decide(projectId, (i) => i % 10 !== 0);
    expect(decided).toBeGreaterThanOrEqual(MIN_DECISIONS);
    const summary = await account.client.getRelevanceSummary(projectId);
    expect(summary).toMatchObject({ adapted: true, decisions: decided, rejected: Math.ceil(decided / 10) });

    const after = await ask(projectId, PROBES);
    expect(meanScore(after)).toBeGreaterThan(before + 0.05);
    // The suggestions refreshed in place keep their ids and statuses; only their scores moved.
    expect(after.every((s) => s.status === 'pending')).toBe(true);
    expect(await ask(untouched, PROBES)).toEqual(untouchedBefore.map((s) => ({ ...s, updatedAt: expect.any(String) })));
    expect((await account.client.getRelevanceSummary(untouched)).adapted).toBe(false);
  });

  it('when editors reject nearly everything, then suggestions elsewhere score lower, and deleting the decisions undoes it', async () => {
    const projectId = await newProject('strict');
    const before = meanScore(await ask(projectId, PROBES));
    await decide(projectId, (i) => i % 10 === 0);
    expect((await account.client.getRelevanceSummary(projectId)).adapted).toBe(true);
    // Scores on this site start low (about 0.14): a fifth lower is far beyond rounding.
    expect(meanScore(await ask(projectId, PROBES))).toBeLessThan(before * 0.8);

    for (;;) {
      const settled = await account.client.listSuggestions(projectId, { status: ['approved', 'rejected'], limit: 100 });
      if (settled.items.length === 0) break;
      for (const suggestion of settled.items) await account.client.deleteSuggestion(projectId, suggestion.id);
    }
    expect((await account.client.getRelevanceSummary(projectId)).adapted).toBe(false);
    expect(meanScore(await ask(projectId, PROBES))).toBeCloseTo(before, 3);
  });

  it('when decisions were stored by an engine before the TF-IDF cosine and the site\'s size, then they still adapt the scores, both read now', async () => {
    const projectId = await newProject('older-engine');
    const decided = await decide(projectId, (i) => i % 10 !== 0);
    const adaptedScores = (await ask(projectId, PROBES)).map((s) => s.relevanceScore);

    // The decisions as the previous engine stored them: without the last three inputs at the end of the target ones.
    const { db } = bridge.database;
    const rows = await db.selectFrom('suggestions').select(['id', 'inputs']).where('project_id', '=', projectId).where('status', '<>', 'pending').execute();
    expect(rows).toHaveLength(decided);
    for (const row of rows) {
      const stored = row.inputs!;
      const inputs = Array.from(new Float32Array(stored.buffer.slice(stored.byteOffset, stored.byteOffset + stored.byteLength)));
      expect(inputs).toHaveLength(TARGET_INPUTS + ANCHOR_INPUTS);
      inputs.splice(TARGET_INPUTS - LATER_TARGET_INPUTS, LATER_TARGET_INPUTS);
      await db
        .updateTable('suggestions')
        .set({ inputs: Buffer.from(Float32Array.from(inputs).buffer), updated_at: '2099-01-01T00:00:00.000Z' })
        .where('id', '=', row.id)
        .execute();
    }

    expect(await account.client.getRelevanceSummary(projectId)).toMatchObject({ adapted: true, decisions: decided });
    const scores = (await ask(projectId, PROBES)).map((s) => s.relevanceScore);
    expect(scores).toHaveLength(adaptedScores.length);
    // The same pages, so the same inputs (stored as float32 before): the same model to well within a rounded score.
    scores.forEach((score, i) => expect(score).toBeCloseTo(adaptedScores[i]!, 2));
  });

  it("when another account asks for a project's relevance summary, then it is not found", async () => {
    const projectId = await newProject('private');
    const other = await bridge.createAccount('other');
    const response = await bridge.fetch(`/api/projects/${projectId}/relevance`, { key: other.key });
    expect(response.status).toBe(404);
  });
});
