import { existsSync, readdirSync } from "node:fs";
import { delimiter, join } from "node:path";

const APERTIUM_DATA = process.env.APERTIUM_DATADIR ?? "/usr/share/apertium";

const onPath = (program: string) =>
  (process.env.PATH ?? "").split(delimiter).some((dir) => dir !== "" && existsSync(join(dir, program)));

/**
 * What CI's machine lacks compared with a user's, set up as the README says: Apertium with its
 * recommends (Transfuse) and more pairs than English–Spanish (`scripts/test.sh` installs
 * apertium-eng-cat). Tests that held only without Transfuse or with eng-spa alone passed in CI and
 * failed on users' machines (issue 41).
 */
function apertiumUnlikeUsers(): string[] {
  const modes = existsSync(join(APERTIUM_DATA, "modes")) ? readdirSync(join(APERTIUM_DATA, "modes")) : [];
  // eng-spa, spa-eng and spa-eng_US are one pair of languages.
  const languagePairs = new Set(
    modes.flatMap((file) => /^([a-z]{2,3})-([a-z]{2,3})\b.*\.mode$/.exec(file)?.slice(1).sort().join("-") ?? []),
  );
  return [
    ...(onPath("apertium") ? [] : ["Apertium is not installed"]),
    ...(onPath("tf-extract") ? [] : ["Transfuse (Apertium's recommends) is not installed"]),
    ...(modes.includes("eng-spa.mode") ? [] : ["the eng-spa pair is not installed"]),
    ...(languagePairs.size >= 2 ? [] : ["no Apertium pair is installed beside eng-spa"]),
  ];
}

/**
 * Every suite runs on the embedded PGlite store, and on PostgreSQL when TEST_DATABASE_URL is
 * set. Under CI nothing may be skipped, so a missing PostgreSQL fails the run loudly here; and
 * CI's machine must be set up as a user's (`bash scripts/test.sh` does it).
 */
export default function setup(): void {
  if (process.env.CI === "true") {
    const unlike = apertiumUnlikeUsers();
    if (unlike.length > 0)
      throw new Error(
        `This machine is not set up as the README tells users (${unlike.join("; ")}): run bash scripts/test.sh.`,
      );
  }
  if (process.env.TEST_DATABASE_URL) return;
  const message = "TEST_DATABASE_URL is not set: suites run on PGlite only and PostgreSQL-only tests are SKIPPED.";
  if (process.env.CI === "true") throw new Error(`${message} CI must test both stores.`);
  process.stderr.write(`\n*** ${message} ***\n\n`);
}
