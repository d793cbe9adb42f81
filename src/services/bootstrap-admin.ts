import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config/config.js";
import { countUsers } from "../storage/repositories/users.js";
import type { Sql } from "../storage/sql.js";
import { createUser } from "./management/admin.js";

/** First start: create the instance admin from the environment, or say how to create one. */
export async function ensureFirstAdmin(sql: Sql, config: Config, log: FastifyBaseLogger): Promise<void> {
  if ((await countUsers(sql)) > 0) return;
  if (config.adminEmail && config.adminPassword) {
    try {
      const user = await createUser(sql, {
        email: config.adminEmail,
        password: config.adminPassword,
        name: "Administrator",
        isAdmin: true,
      });
      log.info({ userId: user.id, email: user.email }, "created the instance admin from GLOSSA_ADMIN_EMAIL");
    } catch (error) {
      // Instances started at once on one database: another one created the admin first.
      if ((await countUsers(sql)) === 0) throw error;
    }
    return;
  }
  log.warn(
    "No user exists yet. Stop the server, then create an instance admin with " +
      "`glossa admin create-user --email you@example.com --admin` (`npm run glossa -- admin …` in a checkout; it asks for the password, or reads " +
      "GLOSSA_ADMIN_PASSWORD; with PGlite it cannot run while the server holds the data folder), or restart with " +
      "GLOSSA_ADMIN_EMAIL and GLOSSA_ADMIN_PASSWORD set.",
  );
}
