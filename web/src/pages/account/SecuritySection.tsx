import { startRegistration } from "@simplewebauthn/browser";
import qrcode from "qrcode-generator";
import { KeyRound, ShieldCheck, Smartphone } from "lucide-react";
import { useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import { ApiError, errorMessage } from "../../api/http";
import type { TwoFactorStatus } from "../../api/types";
import { ErrorNotice } from "../../components/ErrorNotice";
import { DateTime } from "../../format/DateTime";
import { useAction } from "../../hooks/useAction";
import { useLoader } from "../../hooks/useLoader";
import { RecoveryCodesDialog } from "./RecoveryCodesDialog";

type Passkey = TwoFactorStatus["passkeys"][number];

function qrDataUrl(text: string): string {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  return qr.createDataURL(4, 8);
}

/**
 * Account → Security: the second factors of the signed-in user (docs/account.md, "Two-factor
 * authentication"): an authenticator app, passkeys, and recovery codes shown once. Removing a
 * factor or replacing the codes asks for the password first when the sign-in is older than 10 minutes.
 */
export function SecuritySection({ notice }: { notice?: string | null }) {
  const loaded = useLoader(() => api.twoFactorStatus(), []);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [retry, setRetry] = useState<(() => Promise<void>) | null>(null);
  const { error, setError, run } = useAction();

  /** Runs an action that may need a recent sign-in: on 403 recent_authentication_required, asks for the password and runs it again. */
  const guarded = (action: () => Promise<void>) =>
    run(async () => {
      try {
        await action();
        await loaded.reload();
      } catch (caught) {
        if (caught instanceof ApiError && caught.code === "recent_authentication_required") {
          setRetry(() => action);
          return;
        }
        throw caught;
      }
    });
  const showCodes = (recoveryCodes: string[] | null) => {
    if (recoveryCodes) setCodes(recoveryCodes);
  };

  const status = loaded.data;
  return (
    <section className="section" aria-labelledby="security-title" id="security">
      <h2 id="security-title">Security</h2>
      {notice && (
        <p className="notice notice-error" role="alert">
          {notice}
        </p>
      )}
      <p className="hint">
        A second factor protects your account if your password leaks: after your password, sign-in asks for a code from
        an authenticator app or for one of your passkeys.
      </p>
      <ErrorNotice message={loaded.error ?? error} />
      {retry && (
        <ReauthenticateForm
          onDone={async () => {
            const action = retry;
            setRetry(null);
            if (action) await guarded(action);
          }}
          onCancel={() => setRetry(null)}
        />
      )}
      {status && (
        <>
          <p role="status">
            {status.enabled ? (
              <>
                <ShieldCheck size={16} aria-hidden="true" /> Two-factor authentication is on.
              </>
            ) : (
              "Two-factor authentication is off."
            )}
          </p>
          <AuthenticatorApp
            status={status}
            onEnrolled={async (recoveryCodes) => {
              showCodes(recoveryCodes);
              await loaded.reload();
            }}
            onRemove={() => guarded(() => api.removeTotp())}
          />
          <Passkeys
            passkeys={status.passkeys}
            onChanged={async (recoveryCodes) => {
              showCodes(recoveryCodes);
              await loaded.reload();
            }}
            onRemove={(passkey) => guarded(() => api.removePasskey(passkey.id))}
            onError={setError}
          />
          <div className="card">
            <h3 className="card-title">
              <KeyRound size={16} aria-hidden="true" /> Recovery codes
            </h3>
            {status.enabled ? (
              <>
                <p>
                  {status.recoveryCodesLeft === 1
                    ? "1 unused recovery code left."
                    : `${status.recoveryCodesLeft} unused recovery codes left.`}
                </p>
                <button
                  type="button"
                  onClick={() =>
                    void guarded(async () => setCodes((await api.regenerateRecoveryCodes()).recoveryCodes))
                  }
                >
                  Create new recovery codes
                </button>
                <p className="hint">New codes replace the old ones, which stop working.</p>
              </>
            ) : (
              <p className="hint">Your first passkey or authenticator app comes with ten recovery codes, shown once.</p>
            )}
          </div>
        </>
      )}
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </section>
  );
}

function ReauthenticateForm({ onDone, onCancel }: { onDone: () => Promise<void>; onCancel: () => void }) {
  const [password, setPassword] = useState("");
  const { busy, error, run } = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await api.reauthenticate(password);
      setPassword("");
      await onDone();
    });
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="reauth-title">
      <h3 id="reauth-title" className="card-title">
        Confirm your password
      </h3>
      <p className="hint">This change needs a recent sign-in. Your password counts for the next 10 minutes.</p>
      <div className="field">
        <label htmlFor="reauth-password">Password</label>
        <input
          id="reauth-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <ErrorNotice message={error} />
      <div className="row-actions">
        <button type="submit" className="primary" disabled={busy}>
          Confirm
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function AuthenticatorApp({
  status,
  onEnrolled,
  onRemove,
}: {
  status: TwoFactorStatus;
  onEnrolled: (recoveryCodes: string[] | null) => Promise<void>;
  onRemove: () => Promise<void>;
}) {
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState("");
  const { busy, error, run } = useAction();

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { recoveryCodes } = await api.confirmTotp(code);
      setEnrolment(null);
      setCode("");
      await onEnrolled(recoveryCodes);
    });
  };

  return (
    <div className="card">
      <h3 className="card-title">
        <Smartphone size={16} aria-hidden="true" /> Authenticator app
      </h3>
      {status.totp.enabled ? (
        <>
          <p>On since {status.totp.enabledAt ? <DateTime iso={status.totp.enabledAt} /> : "—"}.</p>
          <button type="button" className="danger" onClick={() => void onRemove()}>
            Remove the authenticator app
          </button>
        </>
      ) : enrolment ? (
        <form onSubmit={confirm} aria-label="Confirm the authenticator app">
          <p>Scan this QR code with your authenticator app, or type the key into it.</p>
          <img
            className="totp-qr"
            src={qrDataUrl(enrolment.uri)}
            alt="QR code of the authenticator app's setup link"
            width={200}
            height={200}
          />
          <p>
            Key: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <div className="field">
            <label htmlFor="totp-confirm-code">Code from the app</label>
            <input
              id="totp-confirm-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </div>
          <ErrorNotice message={error} />
          <div className="row-actions">
            <button type="submit" className="primary" disabled={busy}>
              Confirm
            </button>
            <button type="button" onClick={() => setEnrolment(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className="hint">Codes from an app such as 1Password, Google Authenticator or Aegis.</p>
          <ErrorNotice message={error} />
          <button type="button" onClick={() => void run(async () => setEnrolment(await api.startTotpEnrolment()))}>
            Set up an authenticator app
          </button>
        </>
      )}
    </div>
  );
}

function Passkeys({
  passkeys,
  onChanged,
  onRemove,
  onError,
}: {
  passkeys: Passkey[];
  onChanged: (recoveryCodes: string[] | null) => Promise<void>;
  onRemove: (passkey: Passkey) => Promise<void>;
  onError: (message: string | null) => void;
}) {
  const [name, setName] = useState("");
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const { busy, error, run } = useAction();

  const add = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const optionsJSON = await api.passkeyRegistrationOptions();
      let response;
      try {
        response = await startRegistration({ optionsJSON });
      } catch (caught) {
        throw new Error(`The browser did not create a passkey: ${errorMessage(caught)}`, { cause: caught });
      }
      const { recoveryCodes } = await api.registerPasskey(name.trim(), response);
      setName("");
      await onChanged(recoveryCodes);
    });
  };
  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (!renaming) return;
    void run(async () => {
      await api.renamePasskey(renaming.id, renaming.name.trim());
      setRenaming(null);
      await onChanged(null);
    });
  };

  return (
    <div className="card">
      <h3 className="card-title">
        <KeyRound size={16} aria-hidden="true" /> Passkeys
      </h3>
      {passkeys.length === 0 ? (
        <p className="hint">No passkeys yet.</p>
      ) : (
        <ul className="passkey-list" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id}>
              {renaming?.id === passkey.id ? (
                <form onSubmit={rename} className="inline-form">
                  <label htmlFor={`rename-${passkey.id}`}>New name</label>
                  <input
                    id={`rename-${passkey.id}`}
                    required
                    maxLength={100}
                    value={renaming.name}
                    onChange={(event) => setRenaming({ id: passkey.id, name: event.target.value })}
                  />
                  <button type="submit" className="primary" disabled={busy}>
                    Save
                  </button>
                  <button type="button" onClick={() => setRenaming(null)}>
                    Cancel
                  </button>
                </form>
              ) : (
                <>
                  <strong>{passkey.name}</strong>{" "}
                  <span className="muted small">
                    added <DateTime iso={passkey.createdAt} />
                    {passkey.lastUsedAt ? (
                      <>
                        , last used <DateTime iso={passkey.lastUsedAt} />
                      </>
                    ) : (
                      ", never used"
                    )}
                  </span>{" "}
                  <span className="row-actions">
                    <button
                      type="button"
                      aria-label={`Rename passkey ${passkey.name}`}
                      onClick={() => {
                        onError(null);
                        setRenaming({ id: passkey.id, name: passkey.name });
                      }}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      className="danger"
                      aria-label={`Remove passkey ${passkey.name}`}
                      onClick={() => void onRemove(passkey)}
                    >
                      Remove
                    </button>
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} aria-label="Add a passkey">
        <div className="field">
          <label htmlFor="passkey-name">Name of the new passkey</label>
          <input
            id="passkey-name"
            required
            maxLength={100}
            placeholder="e.g. Work laptop"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <ErrorNotice message={error} />
        <button type="submit" disabled={busy}>
          Add a passkey
        </button>
      </form>
    </div>
  );
}
