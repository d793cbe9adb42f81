import type { PasskeyId, UserId } from "../../contract/ids.js";
import type { Sql } from "../sql.js";

export interface PasskeyRow {
  id: PasskeyId;
  userId: UserId;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string;
  name: string;
  createdAt: Date | string;
  lastUsedAt: Date | string | null;
}

const COLUMNS = `id, user_id as "userId", credential_id as "credentialId", public_key as "publicKey",
  counter::float8 as counter, transports, name, created_at as "createdAt", last_used_at as "lastUsedAt"`;

export async function listPasskeys(sql: Sql, userId: UserId): Promise<PasskeyRow[]> {
  return sql.query<PasskeyRow>(`select ${COLUMNS} from passkeys where user_id = $1 order by created_at, id`, [userId]);
}

export async function findPasskeyByCredential(
  sql: Sql,
  userId: UserId,
  credentialId: string,
): Promise<PasskeyRow | null> {
  const [row] = await sql.query<PasskeyRow>(
    `select ${COLUMNS} from passkeys where user_id = $1 and credential_id = $2 for update`,
    [userId, credentialId],
  );
  return row ?? null;
}

export async function insertPasskey(
  sql: Sql,
  row: Pick<PasskeyRow, "id" | "userId" | "credentialId" | "publicKey" | "counter" | "transports" | "name">,
): Promise<PasskeyRow> {
  const [created] = await sql.query<PasskeyRow>(
    `insert into passkeys (id, user_id, credential_id, public_key, counter, transports, name)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
    [row.id, row.userId, row.credentialId, row.publicKey, row.counter, row.transports, row.name],
  );
  return created!;
}

export async function recordPasskeyUse(sql: Sql, id: PasskeyId, counter: number): Promise<void> {
  await sql.query("update passkeys set counter = $2, last_used_at = now() where id = $1", [id, counter]);
}

export async function renamePasskey(sql: Sql, userId: UserId, id: string, name: string): Promise<PasskeyRow | null> {
  const [row] = await sql.query<PasskeyRow>(
    `update passkeys set name = $3 where user_id = $1 and id = $2 returning ${COLUMNS}`,
    [userId, id, name],
  );
  return row ?? null;
}

export async function deletePasskey(sql: Sql, userId: UserId, id: string): Promise<PasskeyRow | null> {
  const [row] = await sql.query<PasskeyRow>(
    `delete from passkeys where user_id = $1 and id = $2 returning ${COLUMNS}`,
    [userId, id],
  );
  return row ?? null;
}

export async function deletePasskeysOfUser(sql: Sql, userId: UserId): Promise<void> {
  await sql.query("delete from passkeys where user_id = $1", [userId]);
}
