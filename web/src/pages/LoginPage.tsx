import { Languages } from "lucide-react";
import { useState, type FormEvent } from "react";
import { api } from "../api/endpoints";
import type { Me, TwoFactorChallenge } from "../api/types";
import { ErrorNotice } from "../components/ErrorNotice";
import { useAction } from "../hooks/useAction";
import { navigate } from "../hooks/useLocationPath";
import { SsoSignIn } from "./SsoSignIn";
import { TwoFactorStep } from "./TwoFactorStep";

/** Email and password; the server sets an httpOnly session cookie. */
export function LoginPage({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const { busy, error, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      try {
        const answer = await api.signIn(email.trim(), password);
        setPassword("");
        if ("twoFactorRequired" in answer) setChallenge(answer);
        else onSignedIn(answer);
      } catch (caught) {
        setPassword("");
        throw caught;
      }
    });
  };

  if (challenge) {
    return (
      <main className="login" id="main">
        <section className="card login-card" aria-labelledby="login-title">
          <div className="login-brand" aria-hidden="true">
            <Languages size={22} />
            Glossa
          </div>
          <TwoFactorStep methods={challenge.methods} onSignedIn={onSignedIn} onRestart={() => setChallenge(null)} />
        </section>
      </main>
    );
  }

  return (
    <main className="login login-stack" id="main">
      <form className="card login-card" onSubmit={submit} aria-labelledby="login-title">
        <div className="login-brand" aria-hidden="true">
          <Languages size={22} />
          Glossa
        </div>
        <h1 id="login-title">Sign in to Glossa</h1>
        <label htmlFor="login-email">Email</label>
        <input
          id="login-email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <label htmlFor="login-password">Password</label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <ErrorNotice message={error} />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
        <p className="small">
          <a href="/forgot-password" onClick={(event) => (event.preventDefault(), navigate("/forgot-password"))}>
            Forgot your password?
          </a>
        </p>
        <p className="muted small">
          First run? The server creates the instance administrator from <code>GLOSSA_ADMIN_EMAIL</code> and{" "}
          <code>GLOSSA_ADMIN_PASSWORD</code> on its first start; sign in with those. Other users are created by an
          instance administrator.
        </p>
        <p className="muted small">
          After five wrong passwords for one account, each further attempt must wait longer than the last (from one
          second up to 15 minutes); signing in successfully resets the wait.
        </p>
      </form>
      <section className="card login-card" aria-label="Single sign-on">
        <SsoSignIn />
      </section>
    </main>
  );
}
