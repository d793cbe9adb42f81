/** One stored translation, as the export reads it (ordered by source locale, source hash, target locale). */
export interface MemoryEntry {
  sourceLocale: string;
  targetLocale: string;
  sourceHash: string;
  sourceText: string;
  targetText: string;
  createdAt: Date;
}

/** A `<tu>` of the export: one source string and its translation into each target locale. */
export interface ExportUnit {
  sourceLocale: string;
  sourceHash: string;
  sourceText: string;
  targets: { locale: string; text: string; createdAt: Date }[];
}

const sameSource = (unit: ExportUnit, entry: MemoryEntry) =>
  unit.sourceLocale === entry.sourceLocale &&
  unit.sourceHash === entry.sourceHash &&
  unit.sourceText === entry.sourceText;

/**
 * Groups a page of entries into units, one per source string and source locale, with a target
 * per locale. The entries come in export order, so a unit's targets are consecutive; the last
 * unit is handed back `open` (the next page may hold more of its targets), and `carried` is the
 * previous page's open unit.
 */
export function groupEntries(
  entries: readonly MemoryEntry[],
  carried: ExportUnit | null,
): { done: ExportUnit[]; open: ExportUnit | null } {
  const done: ExportUnit[] = [];
  let open = carried;
  for (const entry of entries) {
    if (!open || !sameSource(open, entry)) {
      if (open) done.push(open);
      open = {
        sourceLocale: entry.sourceLocale,
        sourceHash: entry.sourceHash,
        sourceText: entry.sourceText,
        targets: [],
      };
    }
    open.targets.push({ locale: entry.targetLocale, text: entry.targetText, createdAt: entry.createdAt });
  }
  return { done, open };
}
