import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the compiled `glossa` bin (built for the tests by test/support/build-cli.ts) with `env`
 * added to this process's environment — or, with `inherit: false`, to `PATH` alone, so that no
 * GLOSSA_* variable of the machine reaches it —; resolves with the exit code instead of throwing.
 */
export async function runGlossa(
  args: string[],
  env: Record<string, string>,
  options: { inherit?: boolean } = {},
): Promise<CliOutcome> {
  const base = options.inherit === false ? { PATH: process.env.PATH ?? "" } : process.env;
  try {
    const { stdout, stderr } = await run(process.execPath, [process.env.GLOSSA_TEST_CLI!, ...args], {
      env: { ...base, ...env },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
