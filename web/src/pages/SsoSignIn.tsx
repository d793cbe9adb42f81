import { KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { ssoSignInErrorText } from "../../../src/core/account/sso-sign-in-text";
import { api } from "../api/endpoints";
import { ErrorNotice } from "../components/ErrorNotice";
import { useAction } from "../hooks/useAction";

/** Sends the browser to the identity provider that covers the email's domain. */
export async function continueWithSso(email: string): Promise<void> {
  const { authorizationUrl } = await api.startSso(email);
  window.location.assign(authorizationUrl);
}

/**
 * "Continue with single sign-on" on the sign-in page: asks for the email, then the server finds
 * the organization whose connection covers its domain. A refused sign-in comes back here with
 * `?sso_error=<code>`, explained in words.
 */
export function SsoSignIn() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const { busy, error, run } = useAction();
  const refused = ssoSignInErrorText(new URLSearchParams(window.location.search).get("sso_error"));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(() => continueWithSso(email.trim()));
  };

  return (
    <div className="sso-sign-in">
      <ErrorNotice message={refused} />
      {open ? (
        <form onSubmit={submit} aria-label="Single sign-on">
          <label htmlFor="sso-email">Work email</label>
          <input
            id="sso-email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <ErrorNotice message={error} />
          <button type="submit" className="primary" disabled={busy}>
            {busy ? "Redirecting…" : "Continue"}
          </button>
        </form>
      ) : (
        <button type="button" onClick={() => setOpen(true)}>
          <KeyRound size={16} aria-hidden="true" /> Continue with single sign-on
        </button>
      )}
    </div>
  );
}
