import { useId, useState } from "react";
import { api } from "../../api/endpoints";
import { ActionOutcome } from "../../components/ActionOutcome";
import { useAction } from "../../hooks/useAction";
import { useLoader } from "../../hooks/useLoader";

/**
 * "Require two-factor" for the organization (docs/account.md): while on, members act in the
 * organization only from a session that passed a second factor. Team managers turn it on or off;
 * turning it on needs a second factor of your own (the server refuses otherwise).
 */
export function RequireTwoFactorSetting({ orgId, canManage }: { orgId: string; canManage: boolean }) {
  const id = useId();
  const loaded = useLoader(() => api.twoFactorPolicy(orgId), [orgId]);
  const [status, setStatus] = useState("");
  /** The box follows the click at once; the saved value replaces it when the server answers. */
  const [wanted, setWanted] = useState<boolean | null>(null);
  const { busy, error, run } = useAction();
  const on = loaded.data?.requireTwoFactor;

  const change = (next: boolean) => {
    setStatus("");
    setWanted(next);
    void run(async () => {
      try {
        const saved = await api.setTwoFactorPolicy(orgId, next);
        setStatus(saved.requireTwoFactor ? "Saved: two-factor is required." : "Saved: two-factor is optional.");
        await loaded.reload();
      } finally {
        setWanted(null);
      }
    });
  };

  return (
    <section className="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Require two-factor authentication</h2>
      <p>
        {on === undefined
          ? "Loading…"
          : on
            ? "On: members without a passkey or an authenticator app are sent to set one up before they reach this organization."
            : "Off: members choose whether to use a second factor."}
      </p>
      <p className="hint">
        API keys are not affected. Turning this on needs a second factor of your own (Account → Security).
      </p>
      {canManage && on !== undefined && (
        <label className="check">
          <input
            type="checkbox"
            checked={wanted ?? on}
            disabled={busy}
            onChange={(event) => change(event.target.checked)}
          />
          <span>Require two-factor authentication for every member</span>
        </label>
      )}
      <ActionOutcome status={status} error={error ?? loaded.error} />
    </section>
  );
}
