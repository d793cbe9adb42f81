import { loadConfig } from "../../src/config/config.js";
import { buildApp } from "../../src/app.js";
import { AuthFailureLimiter } from "../../src/security/auth-failure-limiter.js";
import { SignInThrottle } from "../../src/security/sign-in-throttle.js";
import { LastUsedTracker } from "../../src/services/last-used-tracker.js";
import { KeyCallMeter } from "../../src/services/limits/key-call.js";
import { RateLimiter } from "../../src/services/limits/rate-limiter.js";
import { UsageRecorder } from "../../src/services/limits/usage-recorder.js";
import { StorageUnavailableError, type Sql } from "../../src/storage/sql.js";
import type { OpenApiDocument } from "./markdown.js";

/** Describing the routes makes no query; were one made, it would fail closed like an unreachable database. */
const unreachable = () =>
  Promise.reject(new StorageUnavailableError(new Error("no database while describing the API")));
const noDatabase: Sql = {
  dialect: "postgres",
  query: unreachable,
  transaction: unreachable,
  exec: unreachable,
  afterCommit: () => {},
  close: async () => {},
};

/** The OpenAPI document `GET /openapi.json` serves, from the app built in-process without listening. */
export async function openApiDocument(): Promise<OpenApiDocument> {
  const sql = noDatabase;
  const app = await buildApp(
    {
      config: loadConfig({}),
      sql,
      limiter: new AuthFailureLimiter(sql, 0),
      signIn: { perAddress: new AuthFailureLimiter(sql, 0), perAccount: new SignInThrottle(sql) },
      lastUsed: new LastUsedTracker(sql, () => {}),
      jobs: { wake: () => {} },
      clock: () => new Date(),
      meter: new KeyCallMeter(new RateLimiter(sql), new UsageRecorder(sql, { analytics: false, onError: () => {} })),
    },
    { logger: false },
  );
  try {
    await app.ready();
    return app.swagger() as unknown as OpenApiDocument;
  } finally {
    await app.close();
  }
}
