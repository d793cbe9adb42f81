import type { UserId } from "../../contract/ids.js";
import { newId } from "../../core/ids.js";
import type { Sql } from "../sql.js";

export interface UserRow {
  id: UserId;
  email: string;
  name: string;
  isAdmin: boolean;
  active: boolean;
  createdAt: Date;
}

const USER_COLUMNS = `id, email, name, is_admin as "isAdmin", active, created_at as "createdAt"`;

export async function insertUser(
  sql: Sql,
  input: { email: string; name: string; passwordHash: string; isAdmin: boolean },
): Promise<UserRow> {
  const [row] = await sql.query<UserRow>(
    `insert into users (id, email, name, password_hash, is_admin) values ($1, $2, $3, $4, $5) returning ${USER_COLUMNS}`,
    [newId("usr"), input.email, input.name, input.passwordHash, input.isAdmin],
  );
  return row!;
}

export async function findUserById(sql: Sql, id: UserId): Promise<UserRow | null> {
  const [row] = await sql.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [id]);
  return row ?? null;
}

export async function findUserByEmail(sql: Sql, email: string): Promise<UserRow | null> {
  const [row] = await sql.query<UserRow>(`select ${USER_COLUMNS} from users where lower(email) = lower($1)`, [email]);
  return row ?? null;
}

export async function findPasswordHashByEmail(
  sql: Sql,
  email: string,
): Promise<{ id: UserId; passwordHash: string; active: boolean } | null> {
  const [row] = await sql.query<{ id: UserId; passwordHash: string; active: boolean }>(
    `select id, password_hash as "passwordHash", active from users where lower(email) = lower($1)`,
    [email],
  );
  return row ?? null;
}

export async function updatePasswordHash(sql: Sql, userId: UserId, passwordHash: string): Promise<void> {
  await sql.query("update users set password_hash = $2 where id = $1", [userId, passwordHash]);
}

export async function countUsers(sql: Sql): Promise<number> {
  const [row] = await sql.query<{ count: number }>("select count(*)::int as count from users");
  return row!.count;
}

export async function listUsers(sql: Sql): Promise<UserRow[]> {
  return sql.query<UserRow>(`select ${USER_COLUMNS} from users order by created_at, id`);
}

export async function findPasswordHashById(
  sql: Sql,
  id: UserId,
): Promise<{ passwordHash: string; email: string } | null> {
  const [row] = await sql.query<{ passwordHash: string; email: string }>(
    `select password_hash as "passwordHash", email from users where id = $1 for update`,
    [id],
  );
  return row ?? null;
}

/** Sets the active flag; returns the user as it was before (null when there is none), in one statement. */
export async function setUserActive(
  sql: Sql,
  id: UserId,
  active: boolean,
): Promise<{ before: boolean; user: UserRow } | null> {
  const [row] = await sql.query<UserRow & { before: boolean }>(
    `update users u set active = $2 from (select id, active as before from users where id = $1 for update) old
      where u.id = old.id
      returning old.before, u.id, u.email, u.name, u.is_admin as "isAdmin", u.active, u.created_at as "createdAt"`,
    [id, active],
  );
  if (!row) return null;
  const { before, ...user } = row;
  return { before, user };
}
