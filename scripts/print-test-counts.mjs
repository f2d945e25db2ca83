// Prints vitest's real counts from its JSON report as the line CI reads: `tests: N passed, N failed`.
import fs from 'node:fs';

const file = process.argv[2];
let passed = 0;
let failed = 0;
try {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrors ?? 0);
  // A suite that failed to load has no tests, but it failed all the same.
  for (const suite of report.testResults ?? []) {
    if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) failed += 1;
  }
} catch (error) {
  // No readable report: usually the run stopped before vitest (a gate or a setup step failed: see above). A failure.
  const reason = error.code === 'ENOENT' ? 'vitest did not run' : error.message;
  console.error(`no test report ${file}: ${reason}`);
  failed += 1;
}
console.log(`tests: ${passed} passed, ${failed} failed`);
