import { useState } from "react";
import type { Engine, Organization } from "../../api/types";
import { AppLink } from "../../components/AppLink";
import { CopyButton } from "../../components/CopyButton";
import { orgPath } from "../../routes";
import { SNIPPET_TABS, callSnippet, type SnippetId } from "./callSnippets";

/**
 * "How to call it": the server's own address in curl, Lingo.dev SDK, MCP and CLI snippets, and
 * what is missing before a call can work (no engine yet, or no default engine).
 */
export function HowToCallPanel({
  org,
  engines,
  canManage,
}: {
  org: Organization;
  engines: Engine[] | undefined;
  canManage: boolean;
}) {
  const [tab, setTab] = useState<SnippetId>("curl");
  const baseUrl = window.location.origin;
  const snippet = callSnippet(tab, baseUrl);
  return (
    <section className="section card how-to-call" aria-labelledby="how-to-call-title">
      <h2 id="how-to-call-title">How to call it</h2>
      {engines && engines.length === 0 && (
        <p className="notice notice-warning" role="note">
          This organization has no engine yet, so every call answers 404 <code>engine_not_found</code>.{" "}
          {canManage ? (
            <AppLink href={orgPath(org.id, "engines")}>Create an engine first.</AppLink>
          ) : (
            "Ask a team manager to create one."
          )}
        </p>
      )}
      {engines && engines.length > 0 && !org.defaultEngineId && (
        <p className="notice notice-warning" role="note">
          No engine is the default: add <code>"engineId"</code> to each call (
          {engines.map((engine) => `${engine.name}: ${engine.id}`).join(", ")}).
        </p>
      )}
      <p className="small muted">
        This server: <code>{baseUrl}</code>. Keep the key in <code>GLOSSA_API_KEY</code> rather than in code.
      </p>
      <div className="field">
        <label htmlFor="how-to-call-client">Client</label>
        <select id="how-to-call-client" value={tab} onChange={(event) => setTab(event.target.value as SnippetId)}>
          {SNIPPET_TABS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <pre className="code-output" tabIndex={0} aria-label="Example">
        {snippet}
      </pre>
      <CopyButton text={snippet} label="Copy example" />
    </section>
  );
}
