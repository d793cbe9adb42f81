import { useState } from "react";
import { api } from "../../api/endpoints";
import type { User } from "../../api/types";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useAction } from "../../hooks/useAction";

/** A user's status, and the button that deactivates (after confirmation) or reactivates them. */
export function UserActiveButton({ user, isSelf, onChanged }: { user: User; isSelf: boolean; onChanged: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const reactivate = useAction();
  return (
    <span className="row-actions">
      <span className={user.active ? "badge badge-active" : "badge badge-denied"}>
        {user.active ? "Active" : "Deactivated"}
      </span>
      {user.active && !isSelf && (
        <button type="button" className="danger" onClick={() => setConfirming(true)}>
          Deactivate<span className="visually-hidden"> {user.email}</span>
        </button>
      )}
      {!user.active && (
        <button
          type="button"
          disabled={reactivate.busy}
          onClick={() =>
            reactivate.run(async () => {
              await api.setUserActive(user.id, true);
              onChanged();
            })
          }
        >
          Reactivate<span className="visually-hidden"> {user.email}</span>
        </button>
      )}
      <ErrorNotice message={reactivate.error} />
      <ConfirmDialog
        open={confirming}
        title={`Deactivate ${user.email}?`}
        confirmLabel="Deactivate"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await api.setUserActive(user.id, false);
          onChanged();
        }}
      >
        <p>
          They are signed out everywhere, cannot sign in, and their personal API keys are refused from the next call
          (403 user_deactivated). Reactivating them restores their keys; their memberships stay.
        </p>
      </ConfirmDialog>
    </span>
  );
}
