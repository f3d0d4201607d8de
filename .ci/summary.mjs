// Prints one line, `N passed, N failed, N skipped`, added up from jest's --json result files, from
// promtool's own output (`npm run test:alerts`, saved as text), where each rule test file counts as
// one test, and from checks that .ci/run records as one word in a `.check.txt` file (the mutation
// run: `passed` when its score is at or above the break threshold), each one test. CI runs every
// test: a skipped one fails the run as surely as a failed one.
import { existsSync, readFileSync } from 'node:fs';

function jestCounts(results) {
  return {
    passed: results.numPassedTests,
    failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
    skipped: results.numPendingTests + results.numTodoTests,
  };
}

/** promtool prints `Unit Testing:  <file>` for each test file, then SUCCESS or FAILED. */
function promtoolCounts(output) {
  const testFiles = output.split(/^Unit Testing:/m).slice(1);
  // None at all: a rules file failed `promtool check rules`, or promtool did not run.
  if (testFiles.length === 0) return { passed: 0, failed: 1, skipped: 0 };
  const passed = testFiles.filter((text) => /^\s+SUCCESS$/m.test(text) && !/FAILED/.test(text));
  return { passed: passed.length, failed: testFiles.length - passed.length, skipped: 0 };
}

/** A `.check.txt` file: one check, passed if it says so. */
function checkCounts(output) {
  const passed = output.trim() === 'passed';
  return { passed: passed ? 1 : 0, failed: passed ? 0 : 1, skipped: 0 };
}

function countsOf(file, text) {
  if (file.endsWith('.json')) return jestCounts(JSON.parse(text));
  if (file.endsWith('.check.txt')) return checkCounts(text);
  return promtoolCounts(text);
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    // A suite that crashed before writing results counts as one failure, never as silence.
    failed += 1;
    continue;
  }
  const text = readFileSync(file, 'utf8');
  const counts = countsOf(file, text);
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
}
process.stdout.write(`${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exitCode = failed > 0 || skipped > 0 || passed === 0 ? 1 : 0;
