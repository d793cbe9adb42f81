import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../src/server.js";
import { ApiClient } from "../support/api-client.js";
import { addMemberUser, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { createPostgresDatabase, HAS_POSTGRES } from "../support/stores.js";
import { ADMIN, startTestServerOn } from "../support/test-server.js";

const ROUNDS = 8;

/**
 * Issue 13 item 7: team and key changes of one organization, sent at the same moment to two
 * instances sharing one PostgreSQL database. (PGlite is one process with one connection, and the
 * folder lock keeps it so: these races cannot happen there.)
 */
describe.skipIf(!HAS_POSTGRES)("write skew across two instances on PostgreSQL", () => {
  let servers: RunningServer[] = [];
  let drop: () => Promise<void> = async () => {};
  let seed: SeededOrg;
  /** The second owner, signed in on the other instance; the first owner (the admin) on instance 0. */
  let other: { onA: ApiClient; onB: ApiClient; userId: string };
  let adminOnB: ApiClient;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    servers = [await startTestServerOn(database.url), await startTestServerOn(database.url)];
    seed = await seedOrganization(servers[0]!.url, { name: "Race" });
    const added = await addMemberUser(seed, "owner2@example.test", seed.roles.owner);
    other = {
      onA: added.client,
      onB: await new ApiClient(servers[1]!.url).login("owner2@example.test", "member-password-1"),
      userId: added.userId,
    };
    adminOnB = await new ApiClient(servers[1]!.url).login(ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await drop();
  });

  const owners = async () =>
    (await seed.admin.get(`/api/orgs/${seed.orgId}/members`)).body.members.filter(
      (member: { isOwner: boolean }) => member.isOwner,
    ) as { userId: string }[];

  it("two owners demoting each other on two instances leave exactly one owner", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all([
        seed.admin.patch(`/api/orgs/${seed.orgId}/members/${other.userId}`, { roleId: seed.roles.admin }),
        other.onB.patch(`/api/orgs/${seed.orgId}/members/${seed.ownerId}`, { roleId: seed.roles.admin }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
      const left = await owners();
      expect(left).toHaveLength(1);
      const survivor = left[0]!.userId === seed.ownerId ? seed.admin : other.onA;
      const demoted = left[0]!.userId === seed.ownerId ? other.userId : seed.ownerId;
      expectStatus(
        await survivor.patch(`/api/orgs/${seed.orgId}/members/${demoted}`, { roleId: seed.roles.owner }),
        200,
      );
    }
  });

  it("two owners removing each other on two instances leave an owner", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all([
        seed.admin.delete(`/api/orgs/${seed.orgId}/members/${other.userId}`),
        other.onB.delete(`/api/orgs/${seed.orgId}/members/${seed.ownerId}`),
      ]);
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 204)).toHaveLength(1);
      // Whoever was removed no longer sees the organization; the other one must still own it.
      const adminView = await seed.admin.get(`/api/orgs/${seed.orgId}/members`);
      const survivor = adminView.status === 200 ? seed.admin : other.onA;
      const members = (await survivor.get(`/api/orgs/${seed.orgId}/members`)).body.members as {
        userId: string;
        isOwner: boolean;
      }[];
      expect(members.filter((member) => member.isOwner)).toHaveLength(1);
      // Put the removed owner back for the next round.
      const removed = survivor === seed.admin ? other.userId : seed.ownerId;
      expectStatus(
        await survivor.post(`/api/orgs/${seed.orgId}/members`, { userId: removed, roleId: seed.roles.owner }),
        201,
      );
      expect((await owners()).length).toBe(2);
    }
  });

  it("a role cannot gain org:manage_team on one instance while a service key is created with it on the other", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const role = await seed.admin.post(`/api/orgs/${seed.orgId}/roles`, {
        name: `Race role ${round}`,
        permissions: ["engine:access"],
      });
      expectStatus(role, 201);
      const [widened, created] = await Promise.all([
        seed.admin.patch(`/api/orgs/${seed.orgId}/roles/${role.body.id}`, {
          permissions: ["engine:access", "org:manage_team"],
        }),
        adminOnB.post(`/api/orgs/${seed.orgId}/keys`, { name: `CI ${round}`, kind: "service", roleId: role.body.id }),
      ]);
      const answers = [widened, created];
      expect(answers.filter((answer) => answer.status < 300)).toHaveLength(1);
      expect(answers.find((answer) => answer.status >= 300)?.body.code).toBe("role_too_broad");
      const keys = (await seed.admin.get(`/api/orgs/${seed.orgId}/keys?kind=service`)).body.keys as {
        roleId: string;
      }[];
      const roles = (await seed.admin.get(`/api/orgs/${seed.orgId}/roles`)).body.roles as {
        id: string;
        permissions: string[];
      }[];
      for (const key of keys) {
        expect(roles.find((candidate) => candidate.id === key.roleId)?.permissions).not.toContain("org:manage_team");
      }
    }
  });
});
