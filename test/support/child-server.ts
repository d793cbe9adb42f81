import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far (its JSON logs). */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ChildServerOptions {
  /** The program and its arguments; `glossa serve` from source by default. */
  command?: [string, ...string[]];
  /** The working directory; the checkout by default. */
  cwd?: string;
  /** The environment `env` is added to; this process's by default. */
  baseEnv?: NodeJS.ProcessEnv;
}

/** Runs `glossa serve` from source in its own process, on a free port, and waits until it listens. */
export async function startChildServer(
  env: Record<string, string>,
  options: ChildServerOptions = {},
): Promise<ChildServer> {
  const [program, ...args] = options.command ?? [process.execPath, "--import", "tsx", "src/cli/main.ts", "serve"];
  const child = spawn(program, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...(options.baseEnv ?? process.env), PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const check = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on("data", check);
    child.stderr!.on("data", check);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });

  return {
    url,
    process: child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
