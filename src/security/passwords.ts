import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * scrypt parameters: OWASP's minimum N=2^17 (128 MiB per hash, about 0.3–0.7 s). Hashes made
 * with other parameters still verify, and are rehashed with these on the next sign-in.
 */
const PARAMS = { N: 1 << 17, r: 8, p: 1, keyLength: 32 } as const;
/** Twice what N=2^17, r=8 needs (128·N·r bytes), and the ceiling for any stored hash. */
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: MAX_MEMORY };
  return new Promise((resolvePromise, reject) =>
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolvePromise(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS.N, PARAMS.r, PARAMS.p, PARAMS.keyLength);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(
    password,
    Buffer.from(salt, "base64url"),
    Number(n),
    Number(r),
    Number(p),
    expected.length,
  );
  return timingSafeEqual(actual, expected);
}

/** True when a stored hash was made with other parameters than today's (it is rehashed on sign-in). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split("$");
  return scheme !== "scrypt" || Number(n) !== PARAMS.N || Number(r) !== PARAMS.r || Number(p) !== PARAMS.p;
}

/** Verified against when the email is unknown, so that a miss costs what a hit costs. */
export const DUMMY_PASSWORD_HASH =
  "scrypt$131072$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
