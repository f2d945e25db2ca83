import { MAX_PHRASE_WORDS } from './keyphrases.js';
import { PhraseIndex, PhraseKind, type PhraseEntry } from './phrase-index.js';
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
  forEachNaming(corpus, text, accept, withdrawnAnchors, (first, last, entry, ambiguity, anchorUses) => {
    const list = byTarget.get(entry.docNo) ?? [];
    list.push({ first, last, kind: entry.kind, ambiguity, anchorUses, eligible: isAnchorRun(text, first, last) });
    byTarget.set(entry.docNo, list);
  });
  return byTarget;
}

/**
 * What `findMentions` finds for one target, without the other targets' mentions: the target's mentions, and the
 * targets the text names (`findMentions(…).keys()`). Inbound generation needs no more of a source.
 */
export function mentionsOf(
  corpus: SiteCorpus,
  text: SourceText,
  accept: (docNo: number) => boolean,
  withdrawnAnchors: ReadonlyMap<number, ReadonlySet<string>> | null,
  targetDocNo: number,
): { mentions: Mention[]; named: Set<number> } {
  const named = new Set<number>();
  const mentions: Mention[] = [];
  forEachNaming(corpus, text, accept, withdrawnAnchors, (first, last, entry, ambiguity, anchorUses) => {
    named.add(entry.docNo);
    if (entry.docNo !== targetDocNo) return;
    mentions.push({ first, last, kind: entry.kind, ambiguity, anchorUses, eligible: isAnchorRun(text, first, last) });
  });
  return { mentions, named };
}

/** Calls `visit` for each place the text names an acceptable target (tokens first..last), in text order. */
function forEachNaming(
  corpus: SiteCorpus,
  text: SourceText,
  accept: (docNo: number) => boolean,
  withdrawnAnchors: ReadonlyMap<number, ReadonlySet<string>> | null,
  visit: (first: number, last: number, entry: PhraseEntry, ambiguity: number, anchorUses: number) => void,
): void {
  // Pages repeat their phrases; look each trie node's entries up once.
  const byNode = new Map<number, PhraseEntry[]>();
  const { phrases } = corpus;
  for (let first = 0; first < text.tokens.count; first += 1) {
    if (text.stop[first] === 1 || text.termIds[first] === -1) continue;
    let node = PhraseIndex.root;
    for (let last = first; last < text.tokens.count && last - first < MAX_PHRASE_WORDS; last += 1) {
      if (last > first && text.tokens.joined[last] === 0) break;
      const termId = text.termIds[last]!;
      if (termId === -1) break;
      node = phrases.child(node, termId);
      if (node === -1) break;
      if (!phrases.hasEntries(node) || text.stop[last] === 1) continue;
      const ambiguity = phrases.distinctDocs(node);
      if (ambiguity > MAX_AMBIGUITY) continue;
      let entries = byNode.get(node);
      if (entries === undefined) {
        entries = phrases.entries(node);
        byNode.set(node, entries);
      }
      for (const entry of entries) {
        if (!accept(entry.docNo)) continue;
        let anchorUses = entry.kind === PhraseKind.anchor ? entry.count : 0;
        if (anchorUses > 0 && withdrawnAnchors?.get(entry.docNo)?.has(text.termIds.slice(first, last + 1).join(',')) === true) {
          anchorUses -= 1;
          if (anchorUses === 0) continue;
        }
        visit(first, last, entry, ambiguity, anchorUses);
      }
    }
  }
}
