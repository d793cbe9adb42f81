import { describe, expect, it } from "vitest";
import {
  canActOnKey,
  checkInvitation,
  checkOwnershipChange,
  listableKeyOwner,
  type Actor,
} from "../../src/core/authz/team-rules.js";
import { refusal } from "../support/refusal.js";

const manager: Actor = { userId: "usr_m", permissions: ["engine:access", "org:manage_team"], isOwner: false };
const owner: Actor = { userId: "usr_o", permissions: ["engine:access", "org:manage_team"], isOwner: true };
const member: Actor = { userId: "usr_p", permissions: ["engine:access"], isOwner: false };

describe("docs/api.md key listing: personal → the caller's own (all with org:manage_team); service → needs org:manage_team", () => {
  it("a member lists only their own personal keys", () =>
    expect(listableKeyOwner(member, "personal")).toEqual({ ok: true, ownerId: "usr_p" }));
  it("a manager lists every personal key", () =>
    expect(listableKeyOwner(manager, "personal")).toEqual({ ok: true, ownerId: null }));
  it("a member may not list service keys", () =>
    expect(refusal(listableKeyOwner(member, "service"))).toBe("403 forbidden"));
  it("a manager lists service keys", () =>
    expect(listableKeyOwner(manager, "service")).toEqual({ ok: true, ownerId: null }));
});

describe("docs/api.md key delete: the owner, or a holder of org:manage_team", () => {
  it.each([
    ["owner of a personal key", member, { kind: "personal" as const, ownerId: "usr_p" as const }, true],
    ["another member's personal key", member, { kind: "personal" as const, ownerId: "usr_x" as const }, false],
    ["a service key, without manage_team", member, { kind: "service" as const, ownerId: null }, false],
    ["anyone's key, with manage_team", manager, { kind: "personal" as const, ownerId: "usr_x" as const }, true],
    ["a service key, with manage_team", manager, { kind: "service" as const, ownerId: null }, true],
  ])("%s", (_name, actor, key, allowed) => {
    expect(canActOnKey(actor, key)).toBe(allowed);
  });
});

describe("docs/authorization.md Owner role: at least one owner must remain; only owners make or unmake owners", () => {
  it("the last owner cannot be demoted or removed → 409 last_owner", () => {
    expect(
      refusal(checkOwnershipChange({ actor: owner, targetIsOwner: true, becomesOwner: false, ownerCount: 1 })),
    ).toBe("409 last_owner");
  });
  it("an owner among several can be demoted by an owner", () => {
    expect(checkOwnershipChange({ actor: owner, targetIsOwner: true, becomesOwner: false, ownerCount: 2 })).toEqual({
      ok: true,
    });
  });
  it("a non-owner manager cannot grant or take away the Owner role", () => {
    expect(
      refusal(checkOwnershipChange({ actor: manager, targetIsOwner: false, becomesOwner: true, ownerCount: 1 })),
    ).toBe("403 forbidden");
    expect(
      refusal(checkOwnershipChange({ actor: manager, targetIsOwner: true, becomesOwner: false, ownerCount: 3 })),
    ).toBe("403 forbidden");
  });
  it("changes that do not touch ownership pass", () => {
    expect(checkOwnershipChange({ actor: manager, targetIsOwner: false, becomesOwner: false, ownerCount: 1 })).toEqual({
      ok: true,
    });
  });
});

describe("invitations grant no more than their maker can still grant (issue 25)", () => {
  it.each([
    ["a manager, a Member role", manager, false, "ok"],
    ["an owner, the Owner role", owner, true, "ok"],
    ["a manager, the Owner role", manager, true, "403 forbidden"],
    ["a demoted manager (now a member)", member, false, "403 forbidden"],
    ["a removed manager", null, false, "403 forbidden"],
  ] as const)("%s → %s", (_name, inviter, roleIsOwner, expected) => {
    expect(refusal(checkInvitation(inviter, { isOwner: roleIsOwner }))).toBe(expected);
  });
});
