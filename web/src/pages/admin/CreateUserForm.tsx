import { useState, type FormEvent } from "react";
import { api } from "../../api/endpoints";
import { ActionOutcome } from "../../components/ActionOutcome";
import { useAction } from "../../hooks/useAction";

/** Creates a user account (instance admins only). */
export function CreateUserForm({ onCreated }: { onCreated: () => void }) {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [status, setStatus] = useState("");
  const { busy, error, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus("");
    await run(async () => {
      const user = await api.createUser({
        email: email.trim(),
        password,
        ...(name.trim() ? { name: name.trim() } : {}),
      });
      setStatus(`Created ${user.email}.`);
      setEmail("");
      setName("");
      setPassword("");
      onCreated();
    });
  };

  return (
    <form className="card stacked-form" onSubmit={submit} aria-labelledby="create-user-title">
      <h2 id="create-user-title">Create a user</h2>
      <label htmlFor="new-user-email">Email</label>
      <input
        id="new-user-email"
        type="email"
        required
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <label htmlFor="new-user-name">Name (optional)</label>
      <input id="new-user-name" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
      <label htmlFor="new-user-password">Initial password</label>
      <input
        id="new-user-password"
        type="password"
        required
        minLength={8}
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-describedby="new-user-password-hint"
      />
      <p className="hint" id="new-user-password-hint">
        At least 8 characters. Share it with the user privately.
      </p>
      <button type="submit" className="primary" disabled={busy}>
        Create user
      </button>
      <ActionOutcome status={status} error={error} />
    </form>
  );
}
