// Reads vitest's JSON report, prints "N passed, N failed, N skipped", and fails when a test was skipped or none ran.
import { readFileSync } from "node:fs";

const report = JSON.parse(readFileSync(process.argv[2], "utf8"));
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
// The slowest files first: where a shorter run has to come from.
const files = report.testResults
  .map((file) => ({ name: file.name.replace(process.cwd() + "/", ""), ms: file.endTime - file.startTime }))
  .sort((a, b) => b.ms - a.ms);
console.log("slowest test files:");
for (const file of files.slice(0, 10)) console.log(`  ${(file.ms / 1000).toFixed(0).padStart(5)} s  ${file.name}`);
const wall = Date.now() - report.startTime;
const busy = files.reduce((sum, file) => sum + file.ms, 0);
// Files run in parallel (vitest.config.ts): how many at a time on average, over the whole run.
console.log(
  `tests ran for ${minutes(wall)}; ${files.length} files took ${minutes(busy)} together, ${(busy / wall).toFixed(1)} at a time`,
);
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
if (skipped > 0) {
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === "pending" || test.status === "skipped" || test.status === "todo")
        console.error(`skipped: ${test.fullName}`);
    }
  }
  console.error("Tests were skipped; CI requires every suite to run.");
  process.exit(1);
}
if (report.numTotalTests === 0 || report.numFailedTests > 0 || !report.success) process.exit(1);
