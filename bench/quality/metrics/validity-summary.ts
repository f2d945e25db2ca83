/** Validity of every answer the engine gave on one variant, tallied by contract rule. */
import type { Variant } from '../corpus/variants.js';
import type { PageText } from '../html/page-text.js';
import { checkAnswer, VALIDITY_RULES, type SuggestionLike, type ValidityRule } from './validity.js';

export interface ValiditySummary {
  suggestions: number;
  valid: number;
  /** valid / suggestions; 1 when there were no suggestions. */
  share: number;
  byRule: Record<ValidityRule, number>;
  /** A few offending suggestions, for the report. */
  examples: { sourcePageUrl: string; targetPageUrl: string; anchorText: string; rules: ValidityRule[] }[];
}

export function summariseValidity(
  variant: Variant,
  answers: ReadonlyMap<string, readonly SuggestionLike[]>,
  texts: ReadonlyMap<string, PageText>,
): ValiditySummary {
  const storedPages = new Map(variant.pages.map((page) => [page.url, 200]));
  const byRule = Object.fromEntries(VALIDITY_RULES.map((rule) => [rule, 0])) as Record<ValidityRule, number>;
  const examples: ValiditySummary['examples'] = [];
  let suggestions = 0;
  let valid = 0;
  for (const page of variant.pages) {
    const answer = answers.get(page.url) ?? [];
    const text = texts.get(page.url);
    if (!text) throw new Error(`no text for ${page.url}`);
    checkAnswer(answer, { url: page.url, text }, storedPages).forEach((rules, index) => {
      suggestions += 1;
      if (rules.length === 0) valid += 1;
      for (const rule of rules) byRule[rule] += 1;
      const suggestion = answer[index];
      if (rules.length > 0 && suggestion && examples.length < 10) {
        examples.push({ sourcePageUrl: page.url, targetPageUrl: suggestion.targetPageUrl, anchorText: suggestion.anchorText, rules });
      }
    });
  }
  return { suggestions, valid, share: suggestions === 0 ? 1 : valid / suggestions, byRule, examples };
}
