import { parseArgs } from "node:util";
import { loadConfig } from "../config/config.js";
import { createUser } from "../services/management/admin.js";
import { migrate } from "../storage/migrate.js";
import { openSql } from "../storage/open-sql.js";

async function readPassword(): Promise<string> {
  const fromEnv = process.env.GLOSSA_ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) process.stderr.write("Password: ");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (Buffer.concat(chunks).includes(10)) break;
  }
  return Buffer.concat(chunks).toString("utf8").split("\n")[0]!.trim();
}

export async function runAdminCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== "create-user") {
    process.stderr.write("Usage: glossa admin create-user --email E [--name N] [--admin]\n");
    return 1;
  }
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: "string" }, name: { type: "string" }, admin: { type: "boolean", default: false } },
  });
  if (!values.email) {
    process.stderr.write("--email is required\n");
    return 1;
  }
  const password = await readPassword();
  if (password.length < 8) {
    process.stderr.write("The password needs at least 8 characters.\n");
    return 1;
  }
  const sql = await openSql(loadConfig());
  try {
    await migrate(sql);
    const user = await createUser(sql, { email: values.email, password, name: values.name, isAdmin: values.admin });
    process.stdout.write(`Created ${user.isAdmin ? "instance admin" : "user"} ${user.email} (${user.id})\n`);
    return 0;
  } finally {
    await sql.close();
  }
}
