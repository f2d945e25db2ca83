import { IntMap, IntSet } from './int-tables.js';
import { MAX_PHRASE_WORDS } from './keyphrases.js';
import { OTHER_DOCS, PhraseIndex, PhraseKind } from './phrase-index.js';
import type { SiteCorpus } from './site-corpus.js';
import { isAnchorRun, type SourceText } from './source-text.js';

/** A phrase naming more pages than this says nothing about which one is meant. */
const MAX_AMBIGUITY = 4;

/** Where the source names a page: tokens first..last match one of the page's phrases. */
export interface Mention {
  first: number;
  last: number;
  kind: PhraseKind;
  /** Pages the phrase names. */
  ambiguity: number;
  /** For anchor texts of existing links: how many pages link to the target with it. */
  anchorUses: number;
  /** Whether a link may be inserted there (one eligible text node). */
  eligible: boolean;
}

/** Kinds in order of how surely they name a page. */
export const KIND_STRENGTH: Record<PhraseKind, number> = {
  [PhraseKind.title]: 5,
  [PhraseKind.anchor]: 4,
  [PhraseKind.titlePart]: 3,
  [PhraseKind.heading]: 2,
  [PhraseKind.definition]: 1,
};

/**
 * Every mention of a phrase naming an acceptable target, anywhere in the text, grouped by target. `withdrawnAnchors`
 * (target → its anchor phrases as comma-joined term ids) are anchor texts of the source's own links, counted one use
 * fewer: a source seen as if unlinked must not find its targets by the very links it is seen without.
 */
export function findMentions(
  corpus: SiteCorpus,
  text: SourceText,
  accept: (docNo: number) => boolean,
  withdrawnAnchors: ReadonlyMap<number, ReadonlySet<string>> | null = null,
): Map<number, Mention[]> {
  const byTarget = new Map<number, Mention[]>();
  forEachNaming(corpus, text, accept, withdrawnAnchors, (first, last, docNo, kind, ambiguity, anchorUses) => {
    const list = byTarget.get(docNo) ?? [];
    list.push({ first, last, kind, ambiguity, anchorUses, eligible: isAnchorRun(text, first, last) });
    byTarget.set(docNo, list);
  });
  return byTarget;
}

/**
 * What `findMentions` finds for one target, without the other targets' mentions: the target's mentions, and the
 * targets the text names (`findMentions(…).keys()`, in the same order). Inbound generation needs no more of a source.
 * A page repeats its words (on the synthetic 100,000-page site ≈ 470 visits of ≈ 290 trie nodes with entries per
 * page), and a node's accepted entries are the same wherever the text reaches it, so each node's entries — scattered
 * over arrays of hundreds of thousands, each read a cache miss — are read once: the pages they name added to `named`,
 * the target's own kept for the node's other places. A node that does not name the target is not read further than
 * the pages it lists itself (`PhraseIndex.otherDocNo`): those ≈ 190 nodes a page naming two to four pages read ≈ 540
 * entries before, a cache miss each.
 */
export function mentionsOf(
  corpus: SiteCorpus,
  text: SourceText,
  accept: (docNo: number) => boolean,
  withdrawnAnchors: ReadonlyMap<number, ReadonlySet<string>> | null,
  targetDocNo: number,
): { mentions: Mention[]; named: ReadonlySet<number> } {
  const { phrases } = corpus;
  const { termIds, stop } = text;
  const { count, joined } = text.tokens;
  // Sized for a page at 100,000 pages (≈ 620 pages named): it seldom grows.
  const named = new IntSet(1024);
  const mentions: Mention[] = [];
  /**
   * Per node reached: 0 when none of its accepted entries is the target's (most often), else 1 + the index in
   * `targetEntries` of the target's there, as (kind, anchorUses) pairs.
   */
  const nodesRead = new IntMap(512);
  const targetEntries: number[][] = [];
  for (let first = 0; first < count; first += 1) {
    if (stop[first] === 1 || termIds[first] === -1) continue;
    let node = PhraseIndex.root;
    for (let last = first; last < count && last - first < MAX_PHRASE_WORDS; last += 1) {
      if (last > first && joined[last] === 0) break;
      const termId = termIds[last]!;
      if (termId === -1) break;
      node = phrases.child(node, termId);
      if (node === -1) break;
      if (stop[last] === 1) continue;
      const head = phrases.firstEntry(node);
      if (head === -1 || phrases.distinctDocs(node) > MAX_AMBIGUITY) continue;
      let read = nodesRead.get(node);
      if (read === -1 && withdrawnAnchors === null && !namesPage(phrases, node, targetDocNo)) {
        // A node that does not name the target adds the pages it names to `named` when they are accepted, whatever
        // its entries' kinds: only a withdrawn anchor (usesOf) could make an entry name nothing, and there are none
        // when withdrawnAnchors is null. The node lists those pages itself, in the order of its entries.
        if (accept(phrases.firstEntryDocNo(node))) named.add(phrases.firstEntryDocNo(node));
        for (let i = 0; i < OTHER_DOCS; i += 1) {
          const docNo = phrases.otherDocNo(node, i);
          if (docNo === -1) break;
          if (accept(docNo)) named.add(docNo);
        }
        read = 0;
        nodesRead.set(node, read);
      }
      if (read === -1) {
        let own: number[] | null = null;
        // As forEachNaming reads a node's entries: the first one's page and kind from the node itself.
        let docNo = phrases.firstEntryDocNo(node);
        let kind = phrases.firstEntryKind(node);
        const firstOnly = phrases.firstEntryIsLast(node);
        for (let entry = head; ; ) {
          if (accept(docNo)) {
            const anchorUses = usesOf(phrases, entry, kind, docNo, termIds, first, last, withdrawnAnchors);
            if (anchorUses >= 0) {
              named.add(docNo);
              if (docNo === targetDocNo) {
                own ??= [];
                own.push(kind, anchorUses);
              }
            }
          }
          entry = entry === head && firstOnly ? -1 : phrases.nextEntry(entry);
          if (entry === -1) break;
          docNo = phrases.entryDocNo(entry);
          kind = phrases.entryKindOf(entry);
        }
        if (own !== null) targetEntries.push(own);
        read = own === null ? 0 : targetEntries.length;
        nodesRead.set(node, read);
      }
      if (read === 0) continue;
      const found = targetEntries[read - 1]!;
      for (let i = 0; i < found.length; i += 2) {
        const kind = found[i] as PhraseKind;
        mentions.push({ first, last, kind, ambiguity: phrases.distinctDocs(node), anchorUses: found[i + 1]!, eligible: isAnchorRun(text, first, last) });
      }
    }
  }
  return { mentions, named };
}

// A node read names at most MAX_AMBIGUITY pages: the first entry's and the others the node lists must be all of them.
if (MAX_AMBIGUITY - 1 > OTHER_DOCS) throw new Error('the phrase index lists too few of a node\'s pages');

/** Whether one of the pages a node naming at most MAX_AMBIGUITY pages names is `docNo`. */
function namesPage(phrases: PhraseIndex, node: number, docNo: number): boolean {
  if (phrases.firstEntryDocNo(node) === docNo) return true;
  if (phrases.distinctDocs(node) === 1) return false;
  for (let i = 0; i < OTHER_DOCS; i += 1) {
    const other = phrases.otherDocNo(node, i);
    if (other === docNo) return true;
    if (other === -1) return false;
  }
  return false;
}

/** Calls `visit` for each place the text names an acceptable target (tokens first..last), in text order. */
function forEachNaming(
  corpus: SiteCorpus,
  text: SourceText,
  accept: (docNo: number) => boolean,
  withdrawnAnchors: ReadonlyMap<number, ReadonlySet<string>> | null,
  visit: (first: number, last: number, docNo: number, kind: PhraseKind, ambiguity: number, anchorUses: number) => void,
): void {
  const { phrases } = corpus;
  // Locals: the loops run over every token and `visit` is opaque to the compiler, so fields would be read again.
  const { termIds, stop } = text;
  const { count, joined } = text.tokens;
  for (let first = 0; first < count; first += 1) {
    if (stop[first] === 1 || termIds[first] === -1) continue;
    let node = PhraseIndex.root;
    for (let last = first; last < count && last - first < MAX_PHRASE_WORDS; last += 1) {
      if (last > first && joined[last] === 0) break;
      const termId = termIds[last]!;
      if (termId === -1) break;
      node = phrases.child(node, termId);
      if (node === -1) break;
      if (stop[last] === 1) continue;
      const head = phrases.firstEntry(node);
      if (head === -1) continue;
      const ambiguity = phrases.distinctDocs(node);
      if (ambiguity > MAX_AMBIGUITY) continue;
      // The first entry's page and kind are read from the node itself: most nodes list one entry.
      const alone = phrases.firstEntryIsLast(node);
      let docNo = phrases.firstEntryDocNo(node);
      let kind = phrases.firstEntryKind(node);
      for (let entry = head; ; ) {
        if (accept(docNo)) {
          const anchorUses = usesOf(phrases, entry, kind, docNo, termIds, first, last, withdrawnAnchors);
          if (anchorUses >= 0) visit(first, last, docNo, kind, ambiguity, anchorUses);
        }
        entry = entry === head && alone ? -1 : phrases.nextEntry(entry);
        if (entry === -1) break;
        docNo = phrases.entryDocNo(entry);
        kind = phrases.entryKindOf(entry);
      }
    }
  }
}

/**
 * The anchor uses an entry counts for the naming at tokens first..last (0 unless it is an anchor text), or -1 when its
 * only use is the very link the source is read without (`withdrawnAnchors`): then it does not name the page at all.
 */
function usesOf(
  phrases: PhraseIndex,
  entry: number,
  kind: PhraseKind,
  docNo: number,
  termIds: Int32Array,
  first: number,
  last: number,
  withdrawnAnchors: ReadonlyMap<number, ReadonlySet<string>> | null,
): number {
  if (kind !== PhraseKind.anchor) return 0;
  const uses = phrases.entryCountOf(entry);
  if (uses === 0 || withdrawnAnchors?.get(docNo)?.has(termIds.slice(first, last + 1).join(',')) !== true) return uses;
  return uses === 1 ? -1 : uses - 1;
}
