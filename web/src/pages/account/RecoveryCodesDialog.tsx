import { CopyButton } from "../../components/CopyButton";
import { Dialog } from "../../components/Dialog";

/** The recovery codes, shown this once: each signs in once when no other factor is at hand. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  return (
    <Dialog open={codes !== null} title="Your recovery codes" onClose={onClose}>
      <p>
        Keep these codes somewhere safe (a password manager, or printed). Each one signs you in once if you lose your
        passkeys and authenticator app. They are shown only now.
      </p>
      <ul className="recovery-codes" aria-label="Recovery codes">
        {codes?.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="row-actions">
        <CopyButton text={(codes ?? []).join("\n")} label="Copy the codes" />
        <button type="button" className="primary" onClick={onClose}>
          I have saved them — close
        </button>
      </div>
    </Dialog>
  );
}
