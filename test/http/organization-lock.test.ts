import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMemberUser, expectStatus, seedOrganization } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/** Races are timing-dependent: several rounds make one that slips through without the lock all but certain. */
const ROUNDS = 10;

/**
 * Changes to one organization run one after another (docs/DECISIONS.md, "inOrg"). On PGlite the
 * single connection already runs transactions one at a time, so these races cannot happen there;
 * on PostgreSQL the organization row lock is what prevents them.
 */
describe.each(STORES)("concurrent changes to one organization on %s", (store) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(store);
  });
  afterAll(async () => server?.stop());

  it("two owners demoting each other at the same moment leave one owner (docs/authorization.md: at least one owner must remain)", async () => {
    const seed = await seedOrganization(server.url, { name: "Owners" });
    const other = await addMemberUser(seed, `owner-${store}@example.test`, seed.roles.owner);
    const owners = [
      { client: seed.admin, userId: seed.ownerId },
      { client: other.client, userId: other.userId },
    ];
    const setRole = (actor: (typeof owners)[number], target: (typeof owners)[number], roleId: string) =>
      actor.client.patch(`/api/orgs/${seed.orgId}/members/${target.userId}`, { roleId });

    for (let round = 0; round < ROUNDS; round++) {
      const [first, second] = owners;
      const answers = await Promise.all([
        setRole(first!, second!, seed.roles.admin),
        setRole(second!, first!, seed.roles.admin),
      ]);

      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
      const members = await seed.admin.get(`/api/orgs/${seed.orgId}/members`);
      const remaining = members.body.members.filter((member: { isOwner: boolean }) => member.isOwner);
      expect(remaining).toHaveLength(1);
      // The remaining owner makes the other one an owner again for the next round.
      const survivor = owners.find((owner) => owner.userId === remaining[0].userId)!;
      const demoted = owners.find((owner) => owner !== survivor)!;
      expectStatus(await setRole(survivor, demoted, seed.roles.owner), 200);
    }
  });

  it("a role cannot gain org:manage_team while a service key is being created with it (docs/authorization.md anti-escalation)", async () => {
    const seed = await seedOrganization(server.url, { name: "Roles" });
    for (let round = 0; round < ROUNDS; round++) {
      const role = await seed.admin.post(`/api/orgs/${seed.orgId}/roles`, {
        name: `Translator ${round}`,
        permissions: ["engine:access"],
      });
      expectStatus(role, 201);

      const [widened, created] = await Promise.all([
        seed.admin.patch(`/api/orgs/${seed.orgId}/roles/${role.body.id}`, {
          permissions: ["engine:access", "org:manage_team"],
        }),
        seed.admin.post(`/api/orgs/${seed.orgId}/keys`, { name: "CI", kind: "service", roleId: role.body.id }),
      ]);

      // Whichever runs second sees the first: the key refuses the widened role, or the role its service key.
      const answers = [widened, created];
      expect(answers.filter((answer) => answer.status < 300)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status >= 300).map((answer) => answer.body.code)).toEqual([
        "role_too_broad",
      ]);
    }
  });
});
