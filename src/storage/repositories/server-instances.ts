import type { Sql } from "../sql.js";

/**
 * Renews this instance's lease and acknowledges `ackedEpoch` (the epoch its cache was last
 * dropped for) in one statement, and returns the current key-context epoch (migration 0015).
 */
export async function renewInstanceLease(sql: Sql, instanceId: string, ackedEpoch: number): Promise<number> {
  const [row] = await sql.query<{ epoch: string }>(
    `insert into server_instances (id, seen_at, acked_epoch) values ($1, now(), $2)
     on conflict (id) do update set seen_at = now(), acked_epoch = greatest(server_instances.acked_epoch, $2)
     returning (select value from key_context_epoch) as epoch`,
    [instanceId, ackedEpoch],
  );
  return Number(row!.epoch);
}

/** Acknowledges an epoch without renewing the lease (after a NOTIFY dropped the cache). */
export async function acknowledgeEpoch(sql: Sql, instanceId: string, epoch: number): Promise<void> {
  await sql.query("update server_instances set acked_epoch = greatest(acked_epoch, $2) where id = $1", [
    instanceId,
    epoch,
  ]);
}

/**
 * The current key-context epoch, and how many instances with a live lease have not acknowledged
 * `epoch` (the current one when null) yet.
 */
export async function countInstancesBehind(
  sql: Sql,
  leaseMs: number,
  epoch: number | null,
): Promise<{ epoch: number; behind: number }> {
  const [row] = await sql.query<{ epoch: string; behind: number }>(
    `select e.value as epoch,
            (select count(*)::int from server_instances i
              where i.seen_at > now() - make_interval(secs => $1::double precision / 1000)
                and i.acked_epoch < coalesce($2::bigint, e.value)) as behind
       from key_context_epoch e`,
    [leaseMs, epoch],
  );
  return { epoch: Number(row!.epoch), behind: row!.behind };
}

/** Removes this instance's lease on a graceful stop, and leases dead for an hour. */
export async function releaseInstanceLease(sql: Sql, instanceId: string): Promise<void> {
  await sql.query("delete from server_instances where id = $1 or seen_at < now() - interval '1 hour'", [instanceId]);
}
