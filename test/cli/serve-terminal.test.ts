import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** The compiled bin, built for the tests by test/support/build-cli.ts. */
const CLI = process.env.GLOSSA_TEST_CLI!;

/**
 * Runs `glossa serve` until it listens, then stops it and returns everything it printed. With
 * `terminal`, it runs under util-linux `script`, which gives it a pseudo-terminal as a person's
 * shell would; otherwise its output is a pipe, as under a process manager.
 */
async function serveOutput(terminal: boolean, env: Record<string, string>): Promise<string> {
  const command = `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} serve`;
  const child = terminal
    ? spawn("script", ["-qfec", command, "/dev/null"], { env, detached: true, stdio: ["pipe", "pipe", "pipe"] })
    : spawn(process.execPath, [CLI, "serve"], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 90_000);
      const check = () => {
        if (/Server listening at/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on("data", check);
      child.stderr!.on("data", check);
      void exited.then(() => reject(new Error(`the server exited:\n${output}`)));
    });
  } finally {
    // The whole group: `script` and the server it runs.
    if (child.exitCode === null) process.kill(-child.pid!, "SIGTERM");
    await exited;
  }
  return output.replace(/\r/g, "");
}

describe("glossa serve in a terminal and elsewhere (issue 26 item 9)", () => {
  let dir: string;
  const env = (name: string) => ({
    PATH: process.env.PATH ?? "",
    PORT: "0",
    HOST: "127.0.0.1",
    GLOSSA_DATA_DIR: join(dir, name),
    LOG_LEVEL: "info",
  });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "glossa-serve-tty-"));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("in a terminal: a banner with the dashboard URL, the store and how to create the first admin, then readable logs", async () => {
    const output = await serveOutput(true, env("tty"));
    const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
    expect(port).toBeDefined();
    expect(output).toMatch(/Glossa \S+ is running/);
    expect(output).toContain(`Dashboard and API   http://127.0.0.1:${port}/`);
    expect(output).toContain(`Store               embedded, in ${join(dir, "tty")}`);
    expect(output).toMatch(/No user exists yet[\s\S]*GLOSSA_ADMIN_EMAIL=/);
    // pino-pretty's lines, not JSON ones.
    expect(output).toMatch(/INFO.*Server listening at/);
    expect(output).not.toMatch(/^\{"level"/m);
  });

  it("not in a terminal: JSON lines only, no banner", async () => {
    const output = await serveOutput(false, env("pipe"));
    expect(output).not.toContain("is running");
    const lines = output.split("\n").filter((line) => line.trim() !== "");
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.some((line) => JSON.parse(line).msg?.startsWith("Server listening at"))).toBe(true);
  });
});
