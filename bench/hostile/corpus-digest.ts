/**
 * Whether analyzePage still analyses normal pages exactly as before: one SHA-256 over the analyses of every page of
 * the quality corpora (as built, and both benchmark variants). Run before and after a change to the analysis; the
 * same digest means `ANALYSIS_VERSION` need not move.
 *
 *   npx tsx bench/hostile/corpus-digest.ts [--save before.json] [--against before.json]
 *
 * Needs .cache/quality-corpus/{python,git}.json (built by `npm run bench:quality`). `--save` keeps one digest per
 * page; `--against` names the pages whose analysis differs from such a file.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { analyzePage } from '../../bridge/src/engine/page-analysis.js';
import type { PageInput } from '../../bridge/src/engine/types.js';
import { buildVariant } from '../quality/corpus/variants.js';
import type { Corpus } from '../quality/corpus/types.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({ options: { save: { type: 'string' }, against: { type: 'string' } } });
const before = args.against ? (JSON.parse(readFileSync(args.against, 'utf8')) as Record<string, string>) : undefined;
const pageDigests: Record<string, string> = {};

/** JSON with typed arrays written as plain arrays, so every field of the analysis takes part. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, field: unknown) => (ArrayBuffer.isView(field) ? Array.from(field as Int32Array) : field));

for (const id of ['python', 'git']) {
  const file = path.join(ROOT, '.cache/quality-corpus', `${id}.json`);
  if (!existsSync(file)) {
    console.log(`${id}: no cached corpus at ${file}`);
    continue;
  }
  const corpus = JSON.parse(readFileSync(file, 'utf8')) as Corpus;
  const inputs: PageInput[] = [
    ...corpus.pages,
    ...buildVariant(corpus, 'all-removed').pages,
    ...buildVariant(corpus, 'half-removed').pages,
  ].map((page) => ({ url: page.url, title: page.title, html: page.content }));
  const hash = createHash('sha256');
  const started = performance.now();
  inputs.forEach((input, i) => {
    const json = canonical(analyzePage(input));
    hash.update(json).update('\n');
    const key = `${id} ${i} ${input.url}`;
    pageDigests[key] = createHash('sha256').update(json).digest('hex');
    if (before !== undefined && before[key] !== pageDigests[key]) console.log(`differs: ${key}`);
  });
  console.log(`${id}: ${inputs.length} pages, analysed in ${Math.round(performance.now() - started)} ms, digest ${hash.digest('hex')}`);
}
if (args.save) writeFileSync(args.save, JSON.stringify(pageDigests));
