// Prints one line, `N passed, N failed, N skipped`, added up from jest's --json result files.
// CI runs every test: a skipped one fails the run as surely as a failed one.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    // A suite that crashed before writing results counts as one failure, never as silence.
    failed += 1;
    continue;
  }
  const results = JSON.parse(readFileSync(file, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests + results.numRuntimeErrorTestSuites;
  skipped += results.numPendingTests + results.numTodoTests;
}
process.stdout.write(`${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exitCode = failed > 0 || skipped > 0 || passed === 0 ? 1 : 0;
