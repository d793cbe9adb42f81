import { isWellFormedApiKey, KEY_LENGTH, KEY_PREFIX } from "../core/keys/api-key-format.js";

/**
 * `glossa keys check <secret>`: whether a string is a well-formed Glossa key (prefix, length,
 * base62, CRC32 checksum), offline: it says nothing about whether the key exists or works, and
 * never prints the secret. Reads the secret from standard input when the argument is `-`, so it
 * need not appear in the shell history.
 */
export async function runKeysCommand(args: string[]): Promise<number> {
  const [subcommand, candidate, ...extra] = args;
  if (subcommand !== "check" || candidate === undefined || extra.length > 0) {
    process.stderr.write("Usage: glossa keys check <secret>   (or - to read it from standard input)\n");
    return 2;
  }
  const secret = (candidate === "-" ? await readStdin() : candidate).trim();
  if (isWellFormedApiKey(secret)) {
    process.stdout.write(`well-formed Glossa key (${secret.slice(0, 12)}…)\n`);
    return 0;
  }
  process.stdout.write(`not a Glossa key: ${whyNot(secret)}\n`);
  return 1;
}

function whyNot(secret: string): string {
  if (!secret.startsWith(KEY_PREFIX)) return `it does not start with ${KEY_PREFIX}`;
  if (secret.length !== KEY_LENGTH) return `it has ${secret.length} characters, a key has ${KEY_LENGTH}`;
  if (!/^[0-9A-Za-z]+$/.test(secret.slice(KEY_PREFIX.length))) return "it contains characters other than 0-9, A-Z, a-z";
  return "its checksum does not match (a mistyped or altered key)";
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
