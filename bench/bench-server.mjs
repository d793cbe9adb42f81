// A server process for the benchmark, run by plain `node` from the build (`dist/`), as `npm start`
// runs it: no TypeScript loader in the measured process. BENCH_BYPASS_ORG_ID turns on the
// bench-only configuration that skips the key check; it is reachable only through this file.
import { isId } from "../dist/contract/ids.js";
import { startServer } from "../dist/server.js";

const bypass = process.env.BENCH_BYPASS_ORG_ID;
if (bypass !== undefined && !isId("org", bypass))
  throw new Error(`BENCH_BYPASS_ORG_ID is not an organization id: ${bypass}`);
const server = await startServer({
  logger: { level: process.env.LOG_LEVEL ?? "warn" },
  ...(bypass ? { bypassKeyAuthForOrganizationId: bypass } : {}),
});
process.stdout.write(`BENCH_SERVER_URL=${server.url}\n`);
process.once("SIGTERM", () => void server.close().then(() => process.exit(0)));
