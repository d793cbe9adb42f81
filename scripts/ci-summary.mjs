// Reads vitest's JSON report, prints "N passed, N failed, N skipped", and fails when a test was skipped or none ran.
import { readFileSync } from "node:fs";

const report = JSON.parse(readFileSync(process.argv[2], "utf8"));
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
