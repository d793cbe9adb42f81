import { useState } from "react";
import { ApiError, errorMessage } from "../../api/http";
import type { Engine } from "../../api/types";
import { ActionOutcome } from "../../components/ActionOutcome";
import { ImportFileButton } from "../../components/ImportFileButton";

type Kind = "translation-memory" | "glossary";

/** One import report as a sentence, whichever kind of file it was. */
function describe(kind: Kind, report: Record<string, unknown>): string {
  const counts = (value: unknown) =>
    Object.entries((value ?? {}) as Record<string, number>)
      .filter(([, count]) => count > 0)
      .map(([reason, count]) => `${reason.replaceAll("_", " ")} ${count}`)
      .join(", ");
  const skipped = counts(report.skipped);
  const ignored = counts(report.ignored);
  const unit = kind === "glossary" ? "concepts" : "units";
  return [
    `Read ${String(report.read)} ${unit}, imported ${String(report.imported)}`,
    kind === "glossary" ? `; the glossary now holds ${String(report.glossarySize)} items` : "",
    skipped ? `. Skipped: ${skipped}` : "",
    ignored ? `. Not kept: ${ignored}` : "",
    ".",
  ].join("");
}

async function upload(url: string, file: File): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { accept: "application/json", "content-type": "application/xml" },
    body: file,
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok)
    throw new ApiError(
      response.status,
      String(body.code ?? "error"),
      String(body.message ?? `The server answered ${response.status}.`),
    );
  return body;
}

/**
 * TMX and TBX files in and out of one engine (docs/moving-to-glossa.md): managers import and
 * export the translation memory and import the glossary; every member may export the glossary.
 */
export function EngineExchange({
  orgId,
  engine,
  canManage,
  onGlossaryChanged,
}: {
  orgId: string;
  engine: Engine;
  canManage: boolean;
  onGlossaryChanged: () => Promise<void>;
}) {
  const base = `/api/orgs/${encodeURIComponent(orgId)}/engines/${encodeURIComponent(engine.id)}`;
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const importFile = async (kind: Kind, file: File) => {
    setBusy(true);
    setError(null);
    setStatus(`Importing ${file.name}…`);
    try {
      const report = await upload(`${base}/${kind}/import`, file);
      setStatus(describe(kind, report));
      if (kind === "glossary") await onGlossaryChanged();
    } catch (caught) {
      setStatus("");
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details data-testid="engine-exchange">
      <summary>Translation memory and glossary files (TMX, TBX)</summary>
      <div className="row-actions">
        {canManage && (
          <>
            <ImportFileButton
              label="Import TMX"
              buttonLabel={`Import TMX into the translation memory of ${engine.name}`}
              inputLabel="TMX file to import"
              accept=".tmx,.xml,application/xml,text/xml"
              disabled={busy}
              onFile={(file) => void importFile("translation-memory", file)}
            />
            <a className="button" href={`${base}/translation-memory/export`} download>
              Export TMX
            </a>
            <ImportFileButton
              label="Import TBX"
              buttonLabel={`Import TBX into the glossary of ${engine.name}`}
              inputLabel="TBX file to import"
              accept=".tbx,.xml,application/xml,text/xml"
              disabled={busy}
              onFile={(file) => void importFile("glossary", file)}
            />
          </>
        )}
        <a className="button" href={`${base}/glossary/export?dialect=basic`} download>
          Export TBX-Basic
        </a>
        <a className="button" href={`${base}/glossary/export?dialect=core`} download>
          Export TBX-Core
        </a>
      </div>
      <ActionOutcome status={status} error={error} />
    </details>
  );
}
