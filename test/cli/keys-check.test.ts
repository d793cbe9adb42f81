import { execFile, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { generateApiKeySecret } from "../../src/core/keys/api-key-format.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const run = promisify(execFile);

/** Runs `glossa keys …` from source; resolves with the exit code and output, whatever the code. */
async function glossaKeys(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "src/cli/main.ts", "keys", ...args], {
      cwd: ROOT,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("glossa keys check (offline format check)", () => {
  const secret = generateApiKeySecret();

  it("accepts a well-formed key without printing the secret", async () => {
    const result = await glossaKeys(["check", secret]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("well-formed Glossa key");
    expect(result.stdout).not.toContain(secret.slice(12));
  });

  it.each([
    ["a checksum that does not match", secret.slice(0, -1) + (secret.endsWith("a") ? "b" : "a"), "checksum"],
    ["another prefix", "sk_" + secret.slice(4), "does not start with gls_"],
    ["a wrong length", secret + "x", "characters"],
    ["characters outside base62", secret.slice(0, 10) + "-" + secret.slice(11), "0-9, A-Z, a-z"],
  ])("refuses %s with exit code 1", async (_name, candidate, why) => {
    const result = await glossaKeys(["check", candidate]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(why);
  });

  it("reads the secret from standard input with -", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "keys", "check", "-"], { cwd: ROOT });
    let stdout = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stdin.end(`${secret}\n`);
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(0);
    expect(stdout).toContain("well-formed");
  });

  it("prints usage with exit code 2 for anything else", async () => {
    expect((await glossaKeys([])).code).toBe(2);
    expect((await glossaKeys(["check"])).code).toBe(2);
  });
});
