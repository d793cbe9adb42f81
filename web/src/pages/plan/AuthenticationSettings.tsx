import { useId, useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import type { Role, SsoConnection, SsoIssuerMetadata } from "../../api/types";
import { ActionOutcome } from "../../components/ActionOutcome";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";
import { useLoader } from "../../hooks/useLoader";

/**
 * The organization's "Authentication" section: its single sign-on connection (OpenID Connect),
 * "Test connection", and "Require SSO". Self-contained, so other authentication settings
 * (require two-factor) can sit beside it.
 */
export function AuthenticationSettings({ orgId, roles }: { orgId: string; roles: readonly Role[] }) {
  const id = useId();
  const loaded = useLoader(() => api.ssoConnection(orgId), [orgId]);
  return (
    <section className="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Authentication</h2>
      <p className="hint">
        Single sign-on with OpenID Connect: members whose email is in a covered domain sign in through your identity
        provider; their account and membership are created on their first sign-in.
      </p>
      <ErrorNotice message={loaded.error} />
      {loaded.data ? (
        <SsoForm
          key={loaded.data.updatedAt ?? "new"}
          orgId={orgId}
          roles={roles}
          saved={loaded.data}
          onChanged={() => void loaded.reload()}
        />
      ) : (
        !loaded.error && <p aria-busy="true">Loading…</p>
      )}
    </section>
  );
}

function SsoForm({
  orgId,
  roles,
  saved,
  onChanged,
}: {
  orgId: string;
  roles: readonly Role[];
  saved: SsoConnection;
  onChanged: () => void;
}) {
  const id = useId();
  const assignable = roles.filter((role) => !role.isOwner);
  const [issuer, setIssuer] = useState(saved.issuer);
  const [clientId, setClientId] = useState(saved.clientId);
  const [clientSecret, setClientSecret] = useState("");
  const [domains, setDomains] = useState(saved.domains.join(", "));
  const [defaultRoleId, setDefaultRoleId] = useState(
    saved.defaultRoleId ?? assignable[assignable.length - 1]?.id ?? "",
  );
  const [requireSso, setRequireSso] = useState(saved.requireSso);
  const [metadata, setMetadata] = useState<SsoIssuerMetadata | null>(null);
  const [status, setStatus] = useState("");
  const save = useAction();
  const test = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus("");
    await save.run(async () => {
      await api.saveSso(orgId, {
        issuer: issuer.trim(),
        clientId: clientId.trim(),
        ...(clientSecret ? { clientSecret } : {}),
        domains: domains
          .split(/[\s,]+/)
          .map((domain) => domain.trim())
          .filter(Boolean),
        defaultRoleId,
        requireSso,
      });
      setStatus("Saved.");
      onChanged();
    });
  };

  const runTest = async () => {
    setMetadata(null);
    await test.run(async () => setMetadata(await api.testSso(orgId, issuer.trim() || undefined)));
  };

  const remove = async () => {
    setStatus("");
    await save.run(async () => {
      await api.removeSso(orgId);
      onChanged();
    });
  };

  return (
    <form className="stacked-form" onSubmit={submit} aria-label="Single sign-on connection">
      <p>
        Redirect URI to register with your identity provider: <code>{saved.redirectUri}</code>
      </p>
      <div className="field">
        <label htmlFor={`${id}-issuer`}>Issuer URL</label>
        <input
          id={`${id}-issuer`}
          type="url"
          required
          placeholder="https://login.example.com/realms/acme"
          value={issuer}
          onChange={(event) => setIssuer(event.target.value)}
        />
      </div>
      <div className="form-actions">
        <button type="button" onClick={() => void runTest()} disabled={test.busy || !issuer.trim()}>
          {test.busy ? "Testing…" : "Test connection"}
        </button>
      </div>
      <ErrorNotice message={test.error} />
      {metadata && (
        <dl className="facts" aria-label="Issuer metadata">
          <dt>Issuer</dt>
          <dd>{metadata.issuer}</dd>
          <dt>Authorization endpoint</dt>
          <dd>{metadata.authorizationEndpoint}</dd>
          <dt>Token endpoint</dt>
          <dd>{metadata.tokenEndpoint}</dd>
          <dt>JWKS</dt>
          <dd>{metadata.jwksUri}</dd>
          <dt>Scopes</dt>
          <dd>{metadata.scopesSupported.join(" ") || "(not listed)"}</dd>
        </dl>
      )}
      <div className="field">
        <label htmlFor={`${id}-client`}>Client ID</label>
        <input id={`${id}-client`} required value={clientId} onChange={(event) => setClientId(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-secret`}>Client secret</label>
        <input
          id={`${id}-secret`}
          type="password"
          autoComplete="off"
          required={!saved.clientSecretSet}
          placeholder={saved.clientSecretSet ? "••• set (leave empty to keep it)" : ""}
          value={clientSecret}
          onChange={(event) => setClientSecret(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-domains`}>Email domains (comma-separated)</label>
        <input
          id={`${id}-domains`}
          required
          placeholder="example.com"
          value={domains}
          onChange={(event) => setDomains(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-role`}>Role of new members</label>
        <select id={`${id}-role`} value={defaultRoleId} onChange={(event) => setDefaultRoleId(event.target.value)}>
          {assignable.map((role) => (
            <option key={role.id} value={role.id}>
              {role.name}
            </option>
          ))}
        </select>
      </div>
      <label className="check">
        <input type="checkbox" checked={requireSso} onChange={(event) => setRequireSso(event.target.checked)} />
        <span>Require SSO: members reach this organization only when signed in with single sign-on</span>
      </label>
      <p className="hint">
        Turn it on while signed in with single sign-on, so you know it works. Instance administrators keep password
        access (break-glass).
      </p>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={save.busy}>
          Save single sign-on
        </button>
        {saved.configured && (
          <button type="button" onClick={() => void remove()} disabled={save.busy}>
            Remove connection
          </button>
        )}
      </div>
      <ActionOutcome status={status} error={save.error} />
    </form>
  );
}
