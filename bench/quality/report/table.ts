/** Plain-text tables for the console. */
import type { ReliabilityBin } from '../metrics/reliability.js';
import type { SystemScore } from '../metrics/system-score.js';
import type { TargetCheck } from './targets.js';

export function renderTable(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd()).join('\n');
}

const fixed = (value: number | null | undefined): string => (value === null || value === undefined ? '—' : value.toFixed(3));

export function scoreTable(systems: readonly { name: string; score: SystemScore; validity?: number }[]): string {
  const header = ['system', 'P@1', 'P@5', 'P@10', 'R@1', 'R@5', 'R@10', 'MRR', 'coverage', 'anchor=', 'anchorF1', 'proseR@10', 'P@≥min', 'per page', 'R@≥min', 'valid'];
  const rows = systems.map(({ name, score, validity }) => [
    name,
    fixed(score.precisionAt[1]),
    fixed(score.precisionAt[5]),
    fixed(score.precisionAt[10]),
    fixed(score.recallAt[1]),
    fixed(score.recallAt[5]),
    fixed(score.recallAt[10]),
    fixed(score.mrr),
    fixed(score.coverage),
    fixed(score.anchorExact),
    fixed(score.anchorF1),
    fixed(score.proseRecallAt10),
    score.precisionAtThreshold ? `${fixed(score.precisionAtThreshold.precision)} (n=${score.precisionAtThreshold.suggestions})` : '—',
    score.precisionAtThreshold ? score.precisionAtThreshold.perPage.toFixed(2) : '—',
    fixed(score.precisionAtThreshold?.recall),
    validity === undefined ? '—' : `${(validity * 100).toFixed(2)} %`,
  ]);
  return renderTable([header, ...rows]);
}

export function targetTable(checks: readonly TargetCheck[]): string {
  return renderTable([
    ['target', 'required', 'measured', 'result'],
    ...checks.map((check) => [check.name, check.required, check.measured, check.pass ? 'PASS' : 'FAIL']),
  ]);
}

export function reliabilityLine(table: readonly ReliabilityBin[]): string {
  return table.map((bin) => `${bin.low}–${bin.high}: ${fixed(bin.meanScore)} / ${fixed(bin.accepted)} (${bin.suggestions})`).join('  ');
}
