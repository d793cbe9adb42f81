import { startAuthentication } from "@simplewebauthn/browser";
import { useState, type FormEvent } from "react";
import { api } from "../api/endpoints";
import { errorMessage } from "../api/http";
import type { Me, TwoFactorChallenge } from "../api/types";
import { ErrorNotice } from "../components/ErrorNotice";
import { useAction } from "../hooks/useAction";

type Method = TwoFactorChallenge["methods"][number];

/** The second step of signing in: a code from the authenticator app, a passkey, or a recovery code. */
export function TwoFactorStep({
  methods,
  onSignedIn,
  onRestart,
}: {
  methods: Method[];
  onSignedIn: (me: Me) => void;
  onRestart: () => void;
}) {
  const [method, setMethod] = useState<Method>(methods[0] ?? "recovery_code");
  const [code, setCode] = useState("");
  const { busy, error, run } = useAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      try {
        onSignedIn(method === "totp" ? await api.signInWithTotp(code) : await api.signInWithRecoveryCode(code));
      } catch (caught) {
        setCode("");
        throw caught;
      }
    });
  };
  const usePasskey = () =>
    void run(async () => {
      const optionsJSON = await api.passkeySignInOptions();
      let response;
      try {
        response = await startAuthentication({ optionsJSON });
      } catch (caught) {
        throw new Error(`The browser did not use a passkey: ${errorMessage(caught)}`, { cause: caught });
      }
      onSignedIn(await api.signInWithPasskey(response));
    });

  const others = methods.filter((candidate) => candidate !== method);
  const label: Record<Method, string> = {
    totp: "Use the authenticator app",
    passkey: "Use a passkey",
    recovery_code: "Use a recovery code",
  };
  return (
    <div className="two-factor-step">
      <h1 id="login-title">Two-factor authentication</h1>
      {method === "passkey" ? (
        <>
          <p>Use one of your passkeys to finish signing in.</p>
          <ErrorNotice message={error} />
          <button type="button" className="primary" disabled={busy} onClick={usePasskey}>
            Use a passkey
          </button>
        </>
      ) : (
        <form onSubmit={submit} aria-labelledby="login-title">
          <label htmlFor="second-factor-code">
            {method === "totp" ? "Code from your authenticator app" : "Recovery code"}
          </label>
          <input
            id="second-factor-code"
            inputMode={method === "totp" ? "numeric" : "text"}
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <ErrorNotice message={error} />
          <button type="submit" className="primary" disabled={busy}>
            {busy ? "Checking…" : "Continue"}
          </button>
        </form>
      )}
      <ul className="plain-list small">
        {others.map((other) => (
          <li key={other}>
            <button type="button" className="link" onClick={() => setMethod(other)}>
              {label[other]}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className="link" onClick={onRestart}>
            Start again with your password
          </button>
        </li>
      </ul>
    </div>
  );
}
