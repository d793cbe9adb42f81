import { ApiClient } from "./api-client.js";
import { ADMIN } from "./test-server.js";

export interface SeededOrg {
  admin: ApiClient;
  orgId: string;
  ownerId: string;
  roles: { owner: string; admin: string; member: string };
  engineId: string;
}

export function expectStatus(response: { status: number; body: unknown }, status: number): void {
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
}

/** Logs in as the instance admin and creates an organization owned by them with one pseudo engine. */
export async function seedOrganization(
  baseUrl: string,
  options: { plan?: string; rbac?: boolean; name?: string } = {},
): Promise<SeededOrg> {
  const admin = await new ApiClient(baseUrl).login(ADMIN.email, ADMIN.password);
  const me = await admin.get("/api/me");
  const org = await admin.post("/api/admin/orgs", {
    name: options.name ?? "Acme",
    ownerId: me.body.id,
    plan: options.plan ?? "enterprise",
    rbac: options.rbac ?? true,
  });
  expectStatus(org, 201);
  const roles = await admin.get(`/api/orgs/${org.body.id}/roles`);
  const byName = (name: string) => roles.body.roles.find((role: { name: string }) => role.name === name).id as string;
  const engine = await admin.post(`/api/orgs/${org.body.id}/engines`, { name: "Pseudo", provider: "pseudo" });
  expectStatus(engine, 201);
  return {
    admin,
    orgId: org.body.id,
    ownerId: me.body.id,
    roles: { owner: byName("Owner"), admin: byName("Admin"), member: byName("Member") },
    engineId: engine.body.id,
  };
}

/** Creates a user through the admin API, adds them to the org with `roleId`, and returns a logged-in client. */
export async function addMemberUser(
  seed: SeededOrg,
  email: string,
  roleId: string,
  password = "member-password-1",
): Promise<{ client: ApiClient; userId: string }> {
  const user = await seed.admin.post("/api/admin/users", { email, password, name: email.split("@")[0] });
  expectStatus(user, 201);
  expectStatus(await seed.admin.post(`/api/orgs/${seed.orgId}/members`, { userId: user.body.id, roleId }), 201);
  const client = await new ApiClient(seed.admin.baseUrl).login(email, password);
  return { client, userId: user.body.id };
}

export async function createKey(
  client: ApiClient,
  orgId: string,
  body: Record<string, unknown>,
): Promise<{ id: string; secret: string; key: any }> {
  const response = await client.post(`/api/orgs/${orgId}/keys`, body);
  expectStatus(response, 201);
  return { id: response.body.key.id, secret: response.body.secret, key: response.body.key };
}
