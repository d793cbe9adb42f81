// `npx tsx bench/webhooks-only.ts`: the webhook benchmark alone (see webhooks-bench.ts).
import { benchWebhooksOnStore } from "./webhooks-bench.js";

await benchWebhooksOnStore("pglite");
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (url) await benchWebhooksOnStore("postgres", url);
