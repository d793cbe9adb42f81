/** A foreign key: rows of `from` point at rows of `to`. */
export interface ForeignKeyEdge {
  from: string;
  to: string;
}

export interface CopyOrder {
  /** Every table once: a referenced table before the tables that point at it, where a cycle allows. */
  order: string[];
  /**
   * Tables of a foreign-key cycle (e.g. organizations ⇄ engines through the default engine): no
   * order satisfies every key of a cycle, so the copy must not check foreign keys row by row.
   */
  cyclic: string[];
}

/**
 * The order to copy tables in, from the database's foreign keys: Kahn's topological sort, ties
 * broken by name so the order is stable. A key from a table to itself (a key's roll link) needs
 * no order between tables and is ignored; a cycle is broken at its table with the fewest unmet
 * references, again by name on a tie, and its tables are reported.
 */
export function planCopyOrder(tables: readonly string[], edges: readonly ForeignKeyEdge[]): CopyOrder {
  const known = new Set(tables);
  const needs = new Map<string, Set<string>>(tables.map((table) => [table, new Set<string>()]));
  for (const { from, to } of edges) {
    if (from === to || !known.has(from) || !known.has(to)) continue;
    needs.get(from)!.add(to);
  }
  const cyclic = [...known].filter((table) => reachesItself(table, needs)).sort();
  const order: string[] = [];
  const placed = new Set<string>();
  const unmet = (table: string) => [...needs.get(table)!].filter((other) => !placed.has(other)).length;
  while (placed.size < known.size) {
    const waiting = [...known].filter((table) => !placed.has(table)).sort();
    const ready = waiting.filter((table) => unmet(table) === 0);
    if (ready.length > 0) {
      for (const table of ready) {
        order.push(table);
        placed.add(table);
      }
      continue;
    }
    // Only cycles (and tables waiting on them) are left: start a cycle at its table closest to ready.
    const candidates = waiting.filter((table) => cyclic.includes(table));
    const next = candidates.reduce((best, table) => (unmet(table) < unmet(best) ? table : best));
    order.push(next);
    placed.add(next);
  }
  return { order, cyclic };
}

/** Whether `start` leads back to itself through references between different tables. */
function reachesItself(start: string, needs: ReadonlyMap<string, Set<string>>): boolean {
  const seen = new Set<string>();
  const stack = [...(needs.get(start) ?? [])];
  while (stack.length > 0) {
    const table = stack.pop()!;
    if (table === start) return true;
    if (seen.has(table)) continue;
    seen.add(table);
    stack.push(...(needs.get(table) ?? []));
  }
  return false;
}
