import { KeyRound, Pencil, RefreshCw, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { CopyButton } from "../../components/CopyButton";
import type { ApiKey, Engine, KeyKind, Role } from "../../api/types";
import { EmptyState } from "../../components/EmptyState";
import { IconButton } from "../../components/IconButton";
import { describeServiceKeyReach, serviceKeyReach } from "../../../../src/core/authz/service-key-reach";
import { DateTime } from "../../format/DateTime";
import { countOf, WORDS } from "../../format/plural";
import { KeyExpiry } from "./KeyExpiry";
import { KeyStateBadge } from "./KeyStateBadge";

interface KeyTableProps {
  kind: KeyKind;
  keys: ApiKey[];
  roles: Role[];
  /** Every engine of the organization; undefined while loading (no reach is judged then). */
  engines: Engine[] | undefined;
  showOwner: boolean;
  /** Omitted when the keys cannot be edited (service keys while the plan lacks RBAC). */
  onEdit?: (key: ApiKey) => void;
  /** Omitted, or answering false for a key, when the caller may not roll it. */
  onRoll?: (key: ApiKey) => void;
  canRoll?: (key: ApiKey) => boolean;
  onDelete: (key: ApiKey) => void;
  /** Shown instead of "no keys yet" when a search found nothing. */
  emptyText?: string;
  /** Requests and characters of the last 30 days per key id, when loaded. */
  usageByKey?: ReadonlyMap<string, { requests: number; characters: number }> | undefined;
  /** The button an empty list offers (e.g. "Create personal key"). */
  emptyAction?: ReactNode;
}

/** The key list: name, start of the secret, owner (for admins), created, last used, expiry, usage and state. */
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
  usageByKey,
  emptyAction,
}: KeyTableProps) {
  if (keys.length === 0) {
    return (
      <EmptyState
        icon={KeyRound}
        title={emptyText ?? (kind === "personal" ? "No personal keys yet." : "No service keys yet.")}
        action={emptyText ? undefined : emptyAction}
      >
        {emptyText
          ? "Try another name, key start, id or owner email."
          : "A key lets a program, a CI job or an AI assistant call this organization's engines."}
      </EmptyState>
    );
  }
  const roleName = (roleId: string | null) => roles.find((role) => role.id === roleId)?.name ?? "No role";
  const engineIds = engines && new Set(engines.map((engine) => engine.id));
  const reachOf = (key: ApiKey) =>
    engineIds &&
    serviceKeyReach(roles.find((role) => role.id === key.roleId)?.permissions ?? null, key.engineIds, engineIds);
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
            {usageByKey && <th scope="col">Usage (30 days)</th>}
            <th scope="col">State</th>
            <th scope="col" className="actions">
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
                <code className="nowrap">{key.start}…</code>
                <div className="id-line key-id">
                  <code>{key.id}</code>
                  <CopyButton text={key.id} label="Copy id" ariaLabel={`Copy id of ${key.name}`} iconOnly />
                </div>
              </td>
              {showOwner && (
                <td className="wrap-anywhere" data-label="Owner">
                  {key.ownerEmail ?? "—"}
                </td>
              )}
              {kind === "service" && (
                <td data-label="Access">
                  <div>Role: {roleName(key.roleId)}</div>
                  <div className="muted">
                    Engines {key.engineIds.length}/{engines?.length ?? "…"}
                  </div>
                  <ReachNote reach={reachOf(key)} />
                </td>
              )}
              <td data-label="Created">
                <DateTime iso={key.createdAt} />
              </td>
              <td data-label="Last used">
                <DateTime iso={key.lastUsedAt} />
              </td>
              <td data-label="Expires">
                <KeyExpiry apiKey={key} />
              </td>
              {usageByKey && (
                <td data-label="Usage (30 days)" className="key-usage">
                  {countOf(usageByKey.get(key.id)?.requests ?? 0, WORDS.request)}
                  <div className="muted">{countOf(usageByKey.get(key.id)?.characters ?? 0, WORDS.character)}</div>
                </td>
              )}
              <td data-label="State">
                <KeyStateBadge apiKey={key} />
              </td>
              <td className="actions">
                <div className="row-actions">
                  {onEdit && (
                    <IconButton icon={Pencil} label={`Edit key ${key.name}`} title="Edit" onClick={() => onEdit(key)} />
                  )}
                  {onRoll && canRoll?.(key) && (
                    <IconButton
                      icon={RefreshCw}
                      label={`Roll key ${key.name}`}
                      title="Roll key"
                      onClick={() => onRoll(key)}
                    />
                  )}
                  <IconButton
                    icon={Trash2}
                    label={`Delete key ${key.name}`}
                    title="Delete"
                    danger
                    onClick={() => onDelete(key)}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A service key that reaches no engine still authenticates: say so, and how to fix it. */
function ReachNote({ reach }: { reach: ReturnType<typeof serviceKeyReach> | undefined }) {
  if (!reach) return null;
  if (reach.kind !== "none") return <div className="small muted">{describeServiceKeyReach(reach)}</div>;
  return (
    <div className="key-state">
      <span className="badge badge-denied">No access</span>
      <p className="small state-reason">
        Reaches no engine: every call is refused. Edit the key to give it a role with engine:access or add engines.
      </p>
    </div>
  );
}
