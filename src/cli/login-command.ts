import { randomBytes } from "node:crypto";

const DEFAULT_URL = "http://127.0.0.1:8787";
const POLL_INTERVAL_MS = 2_000;

export const LOGIN_USAGE = `Usage: glossa login

Signs this machine in to a Glossa server (GLOSSA_URL, default ${DEFAULT_URL}): prints a link to
open in a browser where you are signed in to the dashboard; once you approve there, prints a new
personal API key on standard output, and nothing else, so that

  export GLOSSA_API_KEY=$(glossa login)

keeps it for this shell. The same flow serves \`lingo.dev login\` with LINGO_API_URL (docs/lingo-sdk.md).
`;

async function readJson(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { message: text || `HTTP ${response.status}` };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `glossa login`: the device side of the CLI login flow (POST /cli-sessions, then poll). */
export async function runLogin(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(LOGIN_USAGE);
    return 0;
  }
  if (args.length > 0) {
    process.stderr.write(`glossa login takes no arguments.\n\n${LOGIN_USAGE}`);
    return 1;
  }
  const base = (env.GLOSSA_URL || DEFAULT_URL).replace(/\/+$/, "");
  const verifier = randomBytes(32).toString("base64url");
  let started: Response;
  try {
    started = await fetch(`${base}/cli-sessions`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "glossa-cli" },
      body: JSON.stringify({ verifier }),
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw new Error(`Cannot reach the Glossa server at ${base}: ${cause}`, { cause: error });
  }
  const session = await readJson(started);
  if (!started.ok) throw new Error(`Could not start the login: ${String(session.message)}`);
  const { id, verifyUrl, expiresAt } = session as { id: string; verifyUrl: string; expiresAt: string };
  process.stderr.write(
    `Open this link in a browser where you are signed in to Glossa, check the details and approve:\n\n  ${verifyUrl}\n\nWaiting for approval (the link expires at ${new Date(expiresAt).toLocaleTimeString()})…\n`,
  );

  const deadline = Date.parse(expiresAt) + POLL_INTERVAL_MS;
  while (Date.now() < deadline) {
    let response: Response | null = null;
    try {
      response = await fetch(`${base}/cli-sessions/${encodeURIComponent(id)}`, {
        headers: { "x-cli-verifier": verifier, "user-agent": "glossa-cli" },
      });
    } catch {
      // the server is briefly unreachable: keep polling until the session expires
    }
    if (response?.ok) {
      const body = await readJson(response);
      if (body.status === "completed" && typeof body.apiKey === "string") {
        process.stdout.write(`${body.apiKey}\n`);
        process.stderr.write("Signed in: the line above is your new personal API key (shown this once).\n");
        return 0;
      }
    } else if (response && response.status === 404) {
      throw new Error("The login session expired or was already used; run glossa login again.");
    } else if (response && response.status < 500) {
      throw new Error(`The login failed: ${String((await readJson(response)).message)}`);
    }
    await sleep(POLL_INTERVAL_MS);
  }
  throw new Error("Nobody approved the login within 10 minutes; run glossa login again.");
}
