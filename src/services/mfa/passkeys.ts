import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { UserId } from "../../contract/ids.js";
import { AppError } from "../../core/errors/app-error.js";
import { newId } from "../../core/ids.js";
import { deleteRecoveryCodes } from "../../storage/repositories/recovery-codes.js";
import {
  deletePasskey,
  findPasskeyByCredential,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  renamePasskey as renamePasskeyRow,
  type PasskeyRow,
} from "../../storage/repositories/passkeys.js";
import { markSessionSecondFactor } from "../../storage/repositories/sessions.js";
import { userHasSecondFactor } from "../../storage/repositories/two-factor.js";
import {
  insertChallenge,
  takeChallenge,
  type ChallengePurpose,
} from "../../storage/repositories/webauthn-challenges.js";
import type { Sql } from "../../storage/sql.js";
import { auditInstance } from "../management/audit.js";
import { assertRecentAuthentication, auditCaller, type MfaCaller } from "./caller.js";
import { issueRecoveryCodes } from "./recovery-codes.js";

/** This server as a WebAuthn relying party (see core/account/relying-party.ts). */
export interface RelyingParty {
  rpId: string;
  origin: string;
}

const CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = "Glossa";

const transportsOf = (row: PasskeyRow): string[] => (row.transports ? row.transports.split(",") : []);

function passkeyRecord(row: PasskeyRow) {
  return {
    id: row.id,
    name: row.name,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: row.lastUsedAt === null ? null : new Date(row.lastUsedAt).toISOString(),
  };
}

/** A challenge checker for the library: true only for a live challenge of this user and purpose, used up at once. */
function challengeOf(tx: Sql, userId: UserId, purpose: ChallengePurpose) {
  return (challenge: string) => takeChallenge(tx, challenge, userId, purpose);
}

/** Options for `navigator.credentials.create()`; the challenge is kept server-side for 5 minutes. */
export async function passkeyRegistrationOptions(sql: Sql, rp: RelyingParty, caller: MfaCaller) {
  const existing = await listPasskeys(sql, caller.userId);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpId,
    userName: caller.email,
    userID: new TextEncoder().encode(caller.userId),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await insertChallenge(sql, options.challenge, caller.userId, "register", new Date(Date.now() + CHALLENGE_TTL_MS));
  return options;
}

/** Verifies the browser's attestation and stores the passkey; the first factor also issues recovery codes. */
export async function registerPasskey(
  sql: Sql,
  rp: RelyingParty,
  caller: MfaCaller,
  input: { name: string; response: unknown },
) {
  return sql.transaction(async (tx) => {
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response: input.response as RegistrationResponseJSON,
        expectedChallenge: challengeOf(tx, caller.userId, "register"),
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpId,
        requireUserVerification: false,
      });
    } catch {
      throw new AppError("invalid_two_factor_code");
    }
    if (!verified.verified) throw new AppError("invalid_two_factor_code");
    const { credential } = verified.registrationInfo;
    const first = !(await userHasSecondFactor(tx, caller.userId));
    const row = await insertPasskey(tx, {
      id: newId("pky"),
      userId: caller.userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(","),
      name: input.name,
    });
    await markSessionSecondFactor(tx, caller.session.tokenHash);
    const recoveryCodes = first ? await issueRecoveryCodes(tx, caller.userId) : null;
    await auditInstance(tx, auditCaller(caller), {
      action: "mfa.enrolled",
      targetId: caller.userId,
      details: { method: "passkey", passkeyId: row.id, name: row.name },
    });
    return { passkey: passkeyRecord(row), recoveryCodes };
  });
}

export async function renamePasskey(sql: Sql, caller: MfaCaller, passkeyId: string, name: string) {
  const row = await renamePasskeyRow(sql, caller.userId, passkeyId, name);
  if (!row) throw AppError.of("passkey_not_found", { passkeyId });
  return passkeyRecord(row);
}

/** Removes a passkey (needs a recent authentication); the last factor takes the recovery codes with it. */
export async function removePasskey(sql: Sql, caller: MfaCaller, passkeyId: string): Promise<void> {
  await sql.transaction(async (tx) => {
    await assertRecentAuthentication(tx, caller);
    const row = await deletePasskey(tx, caller.userId, passkeyId);
    if (!row) throw AppError.of("passkey_not_found", { passkeyId });
    if (!(await userHasSecondFactor(tx, caller.userId))) await deleteRecoveryCodes(tx, caller.userId);
    await auditInstance(tx, auditCaller(caller), {
      action: "mfa.removed",
      targetId: caller.userId,
      details: { method: "passkey", passkeyId: row.id, name: row.name },
    });
  });
}

/** Options for `navigator.credentials.get()` during a pending sign-in: the user's own passkeys only. */
export async function passkeySignInOptions(sql: Sql, rp: RelyingParty, userId: UserId) {
  const passkeys = await listPasskeys(sql, userId);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    allowCredentials: passkeys.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    userVerification: "preferred",
  });
  await insertChallenge(sql, options.challenge, userId, "authenticate", new Date(Date.now() + CHALLENGE_TTL_MS));
  return options;
}

/** Whether the browser's assertion is a valid use of one of the user's passkeys (counter and last use recorded). */
export async function verifyPasskeyAssertion(tx: Sql, rp: RelyingParty, userId: UserId, response: unknown) {
  const assertion = response as AuthenticationResponseJSON;
  if (typeof assertion?.id !== "string") return false;
  const row = await findPasskeyByCredential(tx, userId, assertion.id);
  if (!row) return false;
  try {
    const verified = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: challengeOf(tx, userId, "authenticate"),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      credential: {
        id: row.credentialId,
        publicKey: new Uint8Array(Buffer.from(row.publicKey, "base64url")),
        counter: row.counter,
        transports: transportsOf(row),
      },
      requireUserVerification: false,
    });
    if (!verified.verified) return false;
    await recordPasskeyUse(tx, row.id, verified.authenticationInfo.newCounter);
    return true;
  } catch {
    return false;
  }
}
