import { useState } from "react";
import { ApiError, errorMessage } from "../../api/http";
import type { Engine } from "../../api/types";
import type { TmxImportJob } from "../../../../src/contract/jobs";
import { importProgressLine } from "../../../../src/core/exchange/import-progress";
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

async function send(url: string, init: RequestInit): Promise<{ response: Response; body: Record<string, unknown> }> {
  const response = await fetch(url, { credentials: "same-origin", ...init });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok)
    throw new ApiError(
      response.status,
      String(body.code ?? "error"),
      String(body.message ?? `The server answered ${response.status}.`),
    );
  return { response, body };
}

const IMPORT_POLL_MS = 1000;

/**
 * Uploads a file and returns its import report. A large TMX file is imported by the server as a
 * job (202): it is followed to its end, `onProgress` getting each new progress line.
 */
async function upload(url: string, file: File, onProgress: (line: string) => void): Promise<Record<string, unknown>> {
  const { response, body } = await send(url, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/xml" },
    body: file,
  });
  if (response.status !== 202) return body;
  const location = response.headers.get("location") ?? "";
  let job = body as unknown as TmxImportJob;
  for (;;) {
    onProgress(importProgressLine(job.progress));
    if (job.status === "succeeded") return job.result ?? {};
    if (job.status === "failed" || job.status === "canceled")
      throw new ApiError(422, job.error?.code ?? "import_failed", job.error?.message ?? "The import was canceled.");
    await new Promise((resolve) => setTimeout(resolve, IMPORT_POLL_MS));
    job = (await send(location, { headers: { accept: "application/json" } })).body as unknown as TmxImportJob;
  }
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
      const report = await upload(`${base}/${kind}/import`, file, (line) => setStatus(`${file.name}: ${line}`));
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
