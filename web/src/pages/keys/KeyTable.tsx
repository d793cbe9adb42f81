import type { ApiKey, Engine, KeyKind, Role } from "../../api/types";
import { formatDate } from "../../components/format";
import { KeyExpiry } from "./KeyExpiry";
import { KeyStateBadge } from "./KeyStateBadge";

interface KeyTableProps {
  kind: KeyKind;
  keys: ApiKey[];
  roles: Role[];
  engines: Engine[];
  showOwner: boolean;
  /** Omitted when the keys cannot be edited (service keys while the plan lacks RBAC). */
  onEdit?: (key: ApiKey) => void;
  /** Omitted, or answering false for a key, when the caller may not roll it. */
  onRoll?: (key: ApiKey) => void;
  canRoll?: (key: ApiKey) => boolean;
  onDelete: (key: ApiKey) => void;
  /** Shown instead of "no keys yet" when a search found nothing. */
  emptyText?: string;
}

/** The key list: name, start of the secret, owner (for admins), created, last used, expiry and state. */
export function KeyTable({
  kind,
  keys,
  roles,
  engines,
  showOwner,
  onEdit,
  onRoll,
  canRoll,
  onDelete,
  emptyText,
}: KeyTableProps) {
  if (keys.length === 0) {
    return (
      <p className="empty">{emptyText ?? (kind === "personal" ? "No personal keys yet." : "No service keys yet.")}</p>
    );
  }
  const roleName = (roleId: string | null) => roles.find((role) => role.id === roleId)?.name ?? "No role";
  return (
    <div
      className="table-wrap"
      tabIndex={0}
      role="region"
      aria-label={kind === "personal" ? "Personal keys" : "Service keys"}
    >
      <table className="stack-on-phone">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            {showOwner && <th scope="col">Owner</th>}
            {kind === "service" && <th scope="col">Access</th>}
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Expires</th>
            <th scope="col">State</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} data-key-id={key.id}>
              <th scope="row" className="key-name">
                {key.name}
              </th>
              <td data-label="Key">
                <code>{key.start}…</code>
              </td>
              {showOwner && <td data-label="Owner">{key.ownerEmail ?? "—"}</td>}
              {kind === "service" && (
                <td data-label="Access">
                  <div>Role: {roleName(key.roleId)}</div>
                  <div className="muted">
                    Engines {key.engineIds.length}/{engines.length}
                  </div>
                </td>
              )}
              <td data-label="Created">{formatDate(key.createdAt)}</td>
              <td data-label="Last used">{formatDate(key.lastUsedAt)}</td>
              <td data-label="Expires">
                <KeyExpiry apiKey={key} />
              </td>
              <td data-label="State">
                <KeyStateBadge apiKey={key} />
              </td>
              <td>
                <div className="row-actions">
                  {onEdit && (
                    <button type="button" onClick={() => onEdit(key)} aria-label={`Edit key ${key.name}`}>
                      Edit
                    </button>
                  )}
                  {onRoll && canRoll?.(key) && (
                    <button type="button" onClick={() => onRoll(key)} aria-label={`Roll key ${key.name}`}>
                      Roll key
                    </button>
                  )}
                  <button
                    type="button"
                    className="danger"
                    onClick={() => onDelete(key)}
                    aria-label={`Delete key ${key.name}`}
                  >
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
