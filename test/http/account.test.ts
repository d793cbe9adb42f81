import { FREE_FAILURES } from "../../src/core/limits/sign-in-throttle.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { startMailbox, type Mailbox } from "../support/mailbox.js";
import { addMemberUser, createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";

const DATA = { sourceLocale: "en", targetLocale: "de", data: { hello: "Hello" } };
const tokenOf = (url: string) => decodeURIComponent(url.split("/invitations/")[1]!);

describe.each(STORES)("issue 14 account self-service on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let mailbox: Mailbox;

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startTestServer(store, { smtpUrl: mailbox.url, mailFrom: "Glossa <glossa@example.test>" });
    seed = await seedOrganization(server.url);
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.close();
  });
  const org = (path = "", orgId = seed.orgId) => `/api/orgs/${orgId}${path}`;
  const auditActions = async (orgId = seed.orgId) =>
    ((await seed.admin.get(org("/audit", orgId))).body.events as { action: string; target: { id: string } }[]).map(
      (event) => `${event.action} ${event.target.id}`,
    );

  describe("PUT /api/me/password", () => {
    it("needs the current password, ends the user's other sessions and keeps this one", async () => {
      const { client } = await addMemberUser(seed, `pw-${store}@example.test`, seed.roles.member, "old-password-1");
      const other = await new ApiClient(server.url).login(`pw-${store}@example.test`, "old-password-1");

      const wrong = await client.put("/api/me/password", {
        currentPassword: "nope-nope",
        newPassword: "new-password-1",
      });
      expect([wrong.status, wrong.body.code]).toEqual([403, "wrong_password"]);
      const short = await client.put("/api/me/password", { currentPassword: "old-password-1", newPassword: "short" });
      expect([short.status, short.body.code]).toEqual([400, "invalid_request"]);
      expect((await other.get("/api/me")).status).toBe(200);

      const changed = await client.put("/api/me/password", {
        currentPassword: "old-password-1",
        newPassword: "new-password-1",
      });
      expect(changed.status).toBe(204);
      expect((await client.get("/api/me")).status).toBe(200);
      expect((await other.get("/api/me")).body.code).toBe("unauthenticated");
      const oldLogin = await new ApiClient(server.url).post("/api/session", {
        email: `pw-${store}@example.test`,
        password: "old-password-1",
      });
      expect(oldLogin.status).toBe(401);
      await new ApiClient(server.url).login(`pw-${store}@example.test`, "new-password-1");
    });

    /** Issue 25: a stolen session cookie guessed the password at the per-address rate (100 a minute). */
    it("wrong current passwords count against the account, like wrong sign-ins", async () => {
      const email = `guessed-${store}@example.test`;
      const { client } = await addMemberUser(seed, email, seed.roles.member, "right-password-1");
      const statuses = [];
      for (let i = 0; i <= FREE_FAILURES; i++)
        statuses.push(
          (await client.put("/api/me/password", { currentPassword: `guess-${i}-pw`, newPassword: "new-password-1" }))
            .status,
        );
      expect(statuses).toEqual([...Array<number>(FREE_FAILURES).fill(403), 429]);
      // The account waits everywhere: on the sign-in form too, even with the right password.
      const signIn = await new ApiClient(server.url).post("/api/session", { email, password: "right-password-1" });
      expect([signIn.status, signIn.body.code]).toEqual([429, "rate_limited"]);
    });

    it("without a session → 401", async () => {
      const response = await new ApiClient(server.url).put("/api/me/password", {
        currentPassword: "whatever-1",
        newPassword: "new-password-1",
      });
      expect(response.body.code).toBe("unauthenticated");
    });
  });

  describe("invitations", () => {
    it("a manager invites; the link is emailed; the invitee sets name and password, joins and is signed in; the link is single use", async () => {
      const email = `invitee-${store}@example.test`;
      const created = await seed.admin.post(org("/invitations"), { email, roleId: seed.roles.member });
      expectStatus(created, 201);
      expect(created.body.invitation).toMatchObject({ email, roleId: seed.roles.member, roleName: "Member" });
      expect(created.body.url).toMatch(new RegExp(`^${server.url}/invitations/[A-Za-z0-9_-]{43}$`));
      expect(created.body.emailed).toBe(true);
      const mail = mailbox.messages.find((message) => message.to.includes(email));
      expect(mail?.raw).toContain(created.body.url);
      expect(mail?.raw).toContain("Acme");

      const listed = await seed.admin.get(org("/invitations"));
      expect(listed.body.invitations.map((inv: { id: string }) => inv.id)).toContain(created.body.invitation.id);
      expect(JSON.stringify(listed.body)).not.toContain(tokenOf(created.body.url));

      const token = tokenOf(created.body.url);
      const visitor = new ApiClient(server.url);
      const preview = await visitor.get(`/api/invitations/${token}`);
      expect(preview.body).toMatchObject({ organizationName: "Acme", email, roleName: "Member", accountExists: false });

      const noPassword = await visitor.post(`/api/invitations/${token}/accept`, { name: "Ina" });
      expect([noPassword.status, noPassword.body.code]).toEqual([400, "invalid_request"]);

      const accepted = await visitor.post(`/api/invitations/${token}/accept`, {
        name: "Ina",
        password: "ina-password-1",
      });
      expectStatus(accepted, 200);
      expect(accepted.body).toMatchObject({ email, name: "Ina", isAdmin: false });
      expect(accepted.body.memberships).toEqual([
        expect.objectContaining({ organizationId: seed.orgId, roleId: seed.roles.member, canLeave: true }),
      ]);
      expect((await visitor.get("/api/me")).body.email).toBe(email);
      await new ApiClient(server.url).login(email, "ina-password-1");

      const again = await new ApiClient(server.url).post(`/api/invitations/${token}/accept`, {
        password: "other-password-1",
      });
      expect([again.status, again.body.code]).toEqual([404, "invitation_not_found"]);
      expect((await visitor.get(`/api/invitations/${token}`)).status).toBe(404);
      const actions = await auditActions();
      expect(actions).toContain(`invitation.created ${created.body.invitation.id}`);
      expect(actions).toContain(`invitation.accepted ${accepted.body.id}`);
    });

    it("an existing account joins as it is: its password stays", async () => {
      const other = await seedOrganization(server.url, { name: "Other" });
      const { userId } = await addMemberUser(
        other,
        `existing-${store}@example.test`,
        other.roles.member,
        "exist-pass-1",
      );
      const created = await seed.admin.post(org("/invitations"), {
        email: `EXISTING-${store}@example.test`,
        roleId: seed.roles.admin,
      });
      expectStatus(created, 201);
      const token = tokenOf(created.body.url);
      expect((await new ApiClient(server.url).get(`/api/invitations/${token}`)).body.accountExists).toBe(true);
      const accepted = await new ApiClient(server.url).post(`/api/invitations/${token}/accept`, {
        password: "attacker-pass-1",
      });
      expectStatus(accepted, 200);
      expect(accepted.body.id).toBe(userId);
      expect(accepted.headers.get("set-cookie")).toBeNull();
      await new ApiClient(server.url).login(`existing-${store}@example.test`, "exist-pass-1");
      const members = await seed.admin.get(org("/members"));
      expect(members.body.members).toEqual(
        expect.arrayContaining([expect.objectContaining({ userId, roleId: seed.roles.admin })]),
      );
    });

    /** Issue 25: an invitation outlived its maker's right to invite with that role. */
    it("an invitation stops working when its maker is demoted or removed", async () => {
      const invite = async (client: ApiClient, email: string) => {
        const created = await client.post(org("/invitations"), { email, roleId: seed.roles.admin });
        expectStatus(created, 201);
        return tokenOf(created.body.url);
      };
      const accept = (token: string) =>
        new ApiClient(server.url).post(`/api/invitations/${token}/accept`, { password: "invitee-password-1" });

      const demoted = await addMemberUser(seed, `demoted-${store}@example.test`, seed.roles.admin);
      const fromDemoted = await invite(demoted.client, `via-demoted-${store}@example.test`);
      expectStatus(await seed.admin.patch(org(`/members/${demoted.userId}`), { roleId: seed.roles.member }), 200);
      expect([(await accept(fromDemoted)).status, (await accept(fromDemoted)).body.code]).toEqual([
        404,
        "invitation_not_found",
      ]);

      const removed = await addMemberUser(seed, `removed-${store}@example.test`, seed.roles.admin);
      const fromRemoved = await invite(removed.client, `via-removed-${store}@example.test`);
      expect((await seed.admin.delete(org(`/members/${removed.userId}`))).status).toBe(204);
      expect((await accept(fromRemoved)).status).toBe(404);

      const kept = await addMemberUser(seed, `kept-${store}@example.test`, seed.roles.admin);
      expectStatus(await accept(await invite(kept.client, `via-kept-${store}@example.test`)), 200);
    });

    it("an expired or withdrawn link is refused; inviting a member → 409; a non-manager → 403; only owners invite owners", async () => {
      const expired = await seed.admin.post(org("/invitations"), {
        email: `late-${store}@example.test`,
        roleId: seed.roles.member,
      });
      await server.database.sql.query("update invitations set expires_at = now() - interval '1 second' where id = $1", [
        expired.body.invitation.id,
      ]);
      const late = await new ApiClient(server.url).post(`/api/invitations/${tokenOf(expired.body.url)}/accept`, {
        password: "late-password-1",
      });
      expect([late.status, late.body.code]).toEqual([404, "invitation_not_found"]);

      const withdrawn = await seed.admin.post(org("/invitations"), {
        email: `gone-${store}@example.test`,
        roleId: seed.roles.member,
      });
      expect((await seed.admin.delete(org(`/invitations/${withdrawn.body.invitation.id}`))).status).toBe(204);
      expect((await new ApiClient(server.url).get(`/api/invitations/${tokenOf(withdrawn.body.url)}`)).status).toBe(404);

      const member = await seed.admin.post(org("/invitations"), { email: ADMIN.email, roleId: seed.roles.member });
      expect([member.status, member.body.code]).toEqual([409, "already_member"]);

      const plain = await addMemberUser(seed, `plain-${store}@example.test`, seed.roles.member);
      const refused = await plain.client.post(org("/invitations"), {
        email: "x@example.test",
        roleId: seed.roles.member,
      });
      expect([refused.status, refused.body.code]).toEqual([403, "forbidden"]);

      const admin = await addMemberUser(seed, `adm-${store}@example.test`, seed.roles.admin);
      const owner = await admin.client.post(org("/invitations"), { email: "y@example.test", roleId: seed.roles.owner });
      expect([owner.status, owner.body.code]).toEqual([403, "forbidden"]);
      const badRole = await seed.admin.post(org("/invitations"), { email: "z@example.test", roleId: "rol_nope" });
      expect(badRole.body.code).toBe("role_not_found");
    });
  });

  describe("PUT /api/admin/users/:userId {active}", () => {
    it("deactivation ends sessions, refuses sign-in and the user's personal keys (403 user_deactivated) at the next call; reactivation restores the keys", async () => {
      const user = await addMemberUser(seed, `deact-${store}@example.test`, seed.roles.member);
      const key = await createKey(user.client, seed.orgId, { name: "mine" });
      expect((await user.client.localize(key.secret, DATA)).status).toBe(200);

      const off = await seed.admin.put(`/api/admin/users/${user.userId}`, { active: false });
      expectStatus(off, 200);
      expect(off.body).toMatchObject({ id: user.userId, active: false });
      const refused = await user.client.localize(key.secret, DATA);
      expect([refused.status, refused.body.code]).toEqual([403, "user_deactivated"]);
      expect((await user.client.get("/api/me")).status).toBe(401);
      const login = await new ApiClient(server.url).post("/api/session", {
        email: `deact-${store}@example.test`,
        password: "member-password-1",
      });
      expect([login.status, login.body.code]).toEqual([403, "user_deactivated"]);
      const keys = await seed.admin.get(org("/keys?kind=personal"));
      expect(keys.body.keys.find((k: { id: string }) => k.id === key.id).state).toBe("denied");

      expect((await seed.admin.put(`/api/admin/users/${user.userId}`, { active: false })).status).toBe(200);
      const deactivations = (await auditActions()).filter((entry) => entry === `user.deactivated ${user.userId}`);
      expect(deactivations).toHaveLength(1);

      expectStatus(await seed.admin.put(`/api/admin/users/${user.userId}`, { active: true }), 200);
      expect((await user.client.localize(key.secret, DATA)).status).toBe(200);
      expect(await auditActions()).toContain(`user.reactivated ${user.userId}`);
    });

    it("an admin cannot deactivate themselves; a non-admin is refused; an unknown user → 404", async () => {
      const self = await seed.admin.put(`/api/admin/users/${seed.ownerId}`, { active: false });
      expect([self.status, self.body.code]).toEqual([403, "forbidden"]);
      const plain = await addMemberUser(seed, `nonadmin-${store}@example.test`, seed.roles.member);
      expect((await plain.client.put(`/api/admin/users/${plain.userId}`, { active: false })).status).toBe(403);
      expect((await seed.admin.put("/api/admin/users/usr_nope", { active: false })).body.code).toBe("user_not_found");
    });
  });

  describe("leaving and deleting an organization", () => {
    it("a member leaves (member.left); the last owner cannot", async () => {
      const leaver = await addMemberUser(seed, `leaver-${store}@example.test`, seed.roles.member);
      expect((await leaver.client.delete(org(`/members/${leaver.userId}`))).status).toBe(204);
      expect((await leaver.client.get(org())).status).toBe(404);
      expect(await auditActions()).toContain(`member.left ${leaver.userId}`);
      const last = await seed.admin.delete(org(`/members/${seed.ownerId}`));
      expect([last.status, last.body.code]).toEqual([409, "last_owner"]);
    });

    it("owners delete an organization; its keys stop at once; admins and members cannot", async () => {
      const doomed = await seedOrganization(server.url, { name: `Doomed ${store}` });
      const admin = await addMemberUser(doomed, `doomed-admin-${store}@example.test`, doomed.roles.admin);
      const key = await createKey(doomed.admin, doomed.orgId, { name: "k" });
      await doomed.admin.post(org("/invitations", doomed.orgId), {
        email: `i-${store}@example.test`,
        roleId: doomed.roles.member,
      });
      expect((await doomed.admin.localize(key.secret, DATA)).status).toBe(200);

      const refused = await admin.client.delete(org("", doomed.orgId));
      expect([refused.status, refused.body.code]).toEqual([403, "forbidden"]);
      expect((await doomed.admin.delete(org("", doomed.orgId))).status).toBe(204);
      const after = await doomed.admin.localize(key.secret, DATA);
      expect([after.status, after.body.code]).toEqual([401, "invalid_api_key"]);
      expect((await doomed.admin.get(org("", doomed.orgId))).status).toBe(404);
      const events = await server.database.sql.query<{ action: string }>(
        "select action from audit_events where target_id = $1 and organization_id is null",
        [doomed.orgId],
      );
      expect(events.map((event) => event.action)).toEqual(["organization.deleted"]);
    });
  });
});
