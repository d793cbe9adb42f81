/**
 * Every suite runs on the embedded PGlite store, and on PostgreSQL when TEST_DATABASE_URL is
 * set. Under CI nothing may be skipped, so a missing PostgreSQL fails the run loudly here.
 */
export default function setup(): void {
  if (process.env.TEST_DATABASE_URL) return;
  const message = "TEST_DATABASE_URL is not set: suites run on PGlite only and PostgreSQL-only tests are SKIPPED.";
  if (process.env.CI === "true") throw new Error(`${message} CI must test both stores.`);
  process.stderr.write(`\n*** ${message} ***\n\n`);
}
