import { useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";
import { navigate } from "../../hooks/useLocationPath";

/** "Forgot your password?": asks for the email; the answer is the same whether an account has it or not. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => setSent((await api.requestPasswordReset(email.trim())).message));
  };

  return (
    <main className="login" id="main">
      <form className="card login-card" onSubmit={submit} aria-labelledby="forgot-title">
        <h1 id="forgot-title">Reset your password</h1>
        {sent ? (
          <p role="status">{sent}</p>
        ) : (
          <>
            <label htmlFor="forgot-email">Email</label>
            <input
              id="forgot-email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <ErrorNotice message={error} />
            <button type="submit" className="primary" disabled={busy}>
              {busy ? "Sending…" : "Email me a link"}
            </button>
          </>
        )}
        <p className="muted small">
          <a href="/" onClick={(event) => (event.preventDefault(), navigate("/"))}>
            Back to sign-in
          </a>
        </p>
      </form>
    </main>
  );
}

/** The page an emailed reset link opens: a new password, then sign in with it (every session has ended). */
export function ResetPasswordPage({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState("");
  const [done, setDone] = useState(false);
  const { busy, error, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      await api.resetPassword(token, password);
      setDone(true);
    });
  };

  return (
    <main className="login" id="main">
      <form className="card login-card" onSubmit={submit} aria-labelledby="reset-title">
        <h1 id="reset-title">Choose a new password</h1>
        {done ? (
          <>
            <p role="status">Your password is set, and every session of your account has ended.</p>
            <button type="button" className="primary" onClick={onDone}>
              Sign in
            </button>
          </>
        ) : (
          <>
            <label htmlFor="reset-password">New password</label>
            <input
              id="reset-password"
              type="password"
              autoComplete="new-password"
              minLength={8}
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <p className="muted small">At least 8 characters. The link works once, for one hour.</p>
            <ErrorNotice message={error} />
            <button type="submit" className="primary" disabled={busy}>
              {busy ? "Saving…" : "Set password"}
            </button>
          </>
        )}
      </form>
    </main>
  );
}
