/** The text `glossa check` prints: one line per finding, then a summary. Pure. */

export interface Located {
  where: string;
  check: string;
  severity: "error" | "warning";
  message: string;
}

const MAX_WHERE = 48;

export function findingsTable(findings: readonly Located[], checkedStrings: number): string {
  const lines: string[] = [];
  if (findings.length > 0) {
    const width = Math.min(MAX_WHERE, Math.max(5, ...findings.map((f) => f.where.length)));
    const checkWidth = Math.max(5, ...findings.map((f) => f.check.length));
    lines.push(`${"where".padEnd(width)}  ${"severity".padEnd(8)}  ${"check".padEnd(checkWidth)}  message`);
    for (const finding of findings) {
      const where = finding.where.length > width ? `…${finding.where.slice(-(width - 1))}` : finding.where;
      lines.push(
        `${where.padEnd(width)}  ${finding.severity.padEnd(8)}  ${finding.check.padEnd(checkWidth)}  ${finding.message}`,
      );
    }
    lines.push("");
  }
  const errors = findings.filter((f) => f.severity === "error").length;
  const warnings = findings.length - errors;
  lines.push(
    `${checkedStrings} string(s) checked: ${errors} error(s), ${warnings} warning(s).` +
      (errors > 0 ? " Errors break or mis-render a program's output." : ""),
  );
  return `${lines.join("\n")}\n`;
}
