import { ErrorNotice } from "../components/ErrorNotice";
import { useAction } from "../hooks/useAction";
import { continueWithSso } from "./SsoSignIn";

/** An organization that requires SSO, reached with a password session: offers to sign in with SSO. */
export function SsoRequired({ email, message }: { email: string; message: string }) {
  const { busy, error, run } = useAction();
  return (
    <section>
      <h1>Single sign-on required</h1>
      <p>{message}</p>
      <button type="button" className="primary" disabled={busy} onClick={() => void run(() => continueWithSso(email))}>
        Sign in with SSO
      </button>
      <ErrorNotice message={error} />
    </section>
  );
}
