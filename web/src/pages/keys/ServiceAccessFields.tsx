import { useId } from "react";
import { roleReachesEveryEngine } from "../../../../src/core/authz/model";
import { describeServiceKeyReach, serviceKeyReach } from "../../../../src/core/authz/service-key-reach";
import type { Engine, Role } from "../../api/types";
import { EngineChecklist } from "../../components/EngineChecklist";

interface ServiceAccessFieldsProps {
  roles: Role[];
  roleId: string;
  onRoleChange: (roleId: string) => void;
  engines: Engine[];
  totalEngines: number;
  engineIds: ReadonlySet<string>;
  onEnginesChange: (next: Set<string>) => void;
}

/** A service key's role (only roles the guards accept) and engine scope (only engines you reach). */
export function ServiceAccessFields({
  roles,
  roleId,
  onRoleChange,
  engines,
  totalEngines,
  engineIds,
  onEnginesChange,
}: ServiceAccessFieldsProps) {
  const roleFieldId = useId();
  const role = roles.find((candidate) => candidate.id === roleId);
  const reach = serviceKeyReach(role?.permissions ?? null, [...engineIds], new Set(engines.map((engine) => engine.id)));
  return (
    <>
      <label htmlFor={roleFieldId}>Role</label>
      <select id={roleFieldId} value={roleId} onChange={(event) => onRoleChange(event.target.value)}>
        <option value="">No role (only the engines below)</option>
        {roles.map((role) => (
          <option key={role.id} value={role.id}>
            {role.name} {roleReachesEveryEngine(role.permissions) ? "— every engine" : "— no permissions"}
          </option>
        ))}
      </select>
      <p className="hint">Only roles limited to engine:access can be given to a service key.</p>
      <EngineChecklist
        legend={`Engines ${engineIds.size}/${totalEngines}`}
        engines={engines}
        selected={engineIds}
        onChange={onEnginesChange}
        emptyText="You cannot reach any engine, so you cannot add one to a key."
      />
      <p className={reach.kind === "none" ? "notice notice-warning" : "hint"} role="status" data-testid="key-reach">
        {reach.kind === "none"
          ? "This key reaches no engine: it will authenticate, but every call is refused until it gets a role with engine:access or an engine ticked above."
          : reach.kind === "all"
            ? "This key reaches every engine, including engines added later (its role holds engine:access)."
            : `This key ${describeServiceKeyReach(reach)}.`}
      </p>
    </>
  );
}
