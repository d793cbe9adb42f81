import { Plus } from "lucide-react";
import { useCallback, useState } from "react";
import { enginesWithin, memberReach } from "../../../../src/core/authz/model";
import { roleFitsServiceKey } from "../../../../src/core/authz/service-key-guards";
import { api } from "../../api/endpoints";
import type { ApiKey, CreatedKey, KeyKind } from "../../api/types";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Tabs } from "../../components/Tabs";
import { useLoader } from "../../hooks/useLoader";
import { useOrgSession } from "../../session";
import { CreateKeyDialog } from "./CreateKeyDialog";
import { EditKeyDialog } from "./EditKeyDialog";
import { KeySearch, Pager } from "./KeyListControls";
import { lastDays } from "../usage/usageRange";
import { HowToCallPanel } from "./HowToCallPanel";
import { KeyTable } from "./KeyTable";
import { RollKeyDialog } from "./RollKeyDialog";
import { SecretDialog } from "./SecretDialog";

const PAGE_SIZE = 20;

/** API keys: a Personal tab, and a Service tab for Enterprise organizations with RBAC (managers only). */
export function KeysPage() {
  const { org, roles, myRole, canManage, me } = useOrgSession();
  const serviceTab = org.rbacOn && canManage;
  const [tab, setTab] = useState<KeyKind>("personal");
  const kind: KeyKind = serviceTab ? tab : "personal";

  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setOffset(0);
  }, []);
  const selectTab = (next: KeyKind) => {
    setTab(next);
    setSearch("");
    setOffset(0);
  };
  const keys = useLoader(
    () => api.keys(org.id, kind, { search, limit: PAGE_SIZE, offset }),
    [org.id, kind, search, offset],
  );
  // Without RBAC there is no Service tab, but managers must still see why existing service keys stopped working.
  const showDeactivated = !org.rbacOn && canManage;
  const deactivated = useLoader(
    () =>
      showDeactivated ? api.keys(org.id, "service", { limit: 500 }).then((list) => list.keys) : Promise.resolve([]),
    [org.id, showDeactivated],
  );
  const context = useLoader(async () => {
    const [engines, members] = await Promise.all([api.engines(org.id), api.members(org.id)]);
    return { engines, members };
  }, [org.id]);

  const usage = useLoader(async () => {
    const report = await api.usage(org.id, lastDays(30), "key");
    return new Map(report.rows.map((row) => [row.keyId ?? "", row]));
  }, [org.id]);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const [rolling, setRolling] = useState<ApiKey | null>(null);
  // docs/usage-and-limits.md: only a personal key's owner rolls it; service keys need org:manage_team (the server checks again).
  const canRoll = (key: ApiKey) =>
    key.state === "active" && key.rolledTo === null && (key.kind === "service" ? canManage : key.ownerId === me.id);
  /** After a key is created, the page keeps showing how to call it. */
  const [justCreated, setJustCreated] = useState(false);

  const engines = context.data?.engines ?? [];
  const myMember = context.data?.members.find((member) => member.userId === me.id);
  // What the service-key guards will accept: engines the acting member reaches, roles within engine:access.
  const reachable = enginesWithin(memberReach(myRole?.permissions ?? [], myMember?.engineIds ?? []), engines);
  const serviceRoles = roles.filter(roleFitsServiceKey);

  return (
    <section aria-labelledby="keys-title">
      <div className="page-header">
        <h1 id="keys-title">API keys</h1>
        <button type="button" className="primary" onClick={() => setCreating(true)}>
          <Plus size={16} aria-hidden="true" />
          {kind === "service" ? "Create service key" : "Create personal key"}
        </button>
      </div>
      <p className="lead">
        {kind === "personal"
          ? canManage
            ? "Personal keys act as the member who created them. As a team manager you see every member's personal keys."
            : "Personal keys act as you: they reach the engines you reach."
          : "Service keys belong to the organization, not to a person; they reach the engines of their role and scope."}
      </p>
      {serviceTab && (
        <Tabs
          label="Key kind"
          idPrefix="keys"
          tabs={[
            { id: "personal", label: "Personal" },
            { id: "service", label: "Service" },
          ]}
          selected={kind}
          onSelect={selectTab}
        />
      )}
      <div
        id="keys-panel"
        role={serviceTab ? "tabpanel" : undefined}
        aria-labelledby={serviceTab ? `keys-tab-${kind}` : undefined}
      >
        <KeySearch key={kind} onSearch={onSearch} />
        <ErrorNotice message={keys.error ?? context.error} />
        {keys.data && (
          <>
            <KeyTable
              kind={kind}
              keys={keys.data.keys}
              roles={roles}
              engines={context.data?.engines}
              showOwner={canManage && kind === "personal"}
              onEdit={setEditing}
              onRoll={setRolling}
              canRoll={canRoll}
              onDelete={setDeleting}
              emptyText={search ? `No keys match "${search}".` : undefined}
              usageByKey={usage.data ?? undefined}
              emptyAction={
                <button type="button" onClick={() => setCreating(true)}>
                  <Plus size={16} aria-hidden="true" />
                  {kind === "service" ? "Create a service key" : "Create a personal key"}
                </button>
              }
            />
            <Pager offset={offset} pageSize={PAGE_SIZE} total={keys.data.total} onOffset={setOffset} />
          </>
        )}
      </div>
      {(justCreated || (keys.data?.total === 0 && !search)) && (
        <HowToCallPanel org={org} engines={context.data?.engines} canManage={canManage} />
      )}
      {deactivated.data && deactivated.data.length > 0 && (
        <section className="section" aria-labelledby="deactivated-title">
          <h2 id="deactivated-title">Deactivated service keys</h2>
          <p className="notice notice-warning">
            This organization's plan ({org.plan}
            {org.rbac ? "" : ", without the RBAC entitlement"}) does not include service keys, so its service keys are
            deactivated. They work again, unchanged, once an instance administrator restores the Enterprise plan with
            the RBAC entitlement.
          </p>
          <KeyTable
            kind="service"
            keys={deactivated.data}
            roles={roles}
            engines={context.data?.engines}
            showOwner={false}
            onDelete={setDeleting}
          />
        </section>
      )}

      <CreateKeyDialog
        open={creating}
        orgId={org.id}
        kind={kind}
        serviceRoles={serviceRoles}
        reachableEngines={reachable}
        totalEngines={engines.length}
        maxLifetimeDays={org.maxKeyLifetimeDays}
        onClose={() => setCreating(false)}
        onCreated={(result) => {
          setCreating(false);
          setCreated(result);
          setJustCreated(true);
          void keys.reload();
        }}
      />
      <SecretDialog created={created} onClose={() => setCreated(null)} />
      <RollKeyDialog
        orgId={org.id}
        apiKey={rolling}
        onClose={() => setRolling(null)}
        onRolled={(result) => {
          setRolling(null);
          setCreated(result);
          void keys.reload();
        }}
      />
      <EditKeyDialog
        orgId={org.id}
        apiKey={editing}
        serviceRoles={serviceRoles}
        reachableEngines={reachable}
        allEngines={engines}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void keys.reload();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete API key"
        confirmLabel="Delete key"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await api.deleteKey(org.id, deleting.id);
          await Promise.all([keys.reload(), deactivated.reload()]);
        }}
      >
        <p>
          Delete the key <strong>{deleting?.name}</strong> (<code>{deleting?.start}…</code>)? Every request made with it
          is refused from now on. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}
