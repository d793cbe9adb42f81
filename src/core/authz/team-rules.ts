import type { UserId } from "../../contract/ids.js";
import { deny, type Decision } from "./decision.js";
import { hasPermission } from "./model.js";

/** Rules for the management API beyond the service-key guards (docs/api.md, plus our own decisions in docs/DECISIONS.md). */

export interface Actor {
  userId: UserId;
  permissions: readonly string[];
  isOwner: boolean;
}

export function canManageTeam(actor: Actor): boolean {
  return hasPermission(actor.permissions, "org:manage_team");
}

export function requireManageTeam(actor: Actor): Decision<Record<never, never>, "forbidden"> {
  return canManageTeam(actor) ? { ok: true } : deny("forbidden", { reason: "manage_team" });
}

/** Listing keys: personal keys of others and all service keys need `org:manage_team`. */
export function listableKeyOwner(
  actor: Actor,
  kind: "personal" | "service",
): Decision<{ ownerId: UserId | null }, "forbidden"> {
  if (kind === "service") {
    return canManageTeam(actor) ? { ok: true, ownerId: null } : deny("forbidden", { reason: "list_service_keys" });
  }
  return { ok: true, ownerId: canManageTeam(actor) ? null : actor.userId };
}

/** Renaming or deleting a key: its owner, or a holder of `org:manage_team`. */
export function canActOnKey(actor: Actor, key: { kind: "personal" | "service"; ownerId: UserId | null }): boolean {
  if (canManageTeam(actor)) return true;
  return key.kind === "personal" && key.ownerId === actor.userId;
}

/**
 * Owner role changes: only an owner may make someone an owner or take the Owner role away,
 * and the last owner can neither be demoted nor removed.
 */
export function checkOwnershipChange(input: {
  actor: Actor;
  targetIsOwner: boolean;
  becomesOwner: boolean;
  ownerCount: number;
}): Decision<Record<never, never>, "forbidden" | "last_owner"> {
  const touchesOwnership = input.targetIsOwner !== input.becomesOwner;
  if (touchesOwnership && !input.actor.isOwner) {
    return deny("forbidden", { reason: "change_owners" });
  }
  if (input.targetIsOwner && !input.becomesOwner && input.ownerCount <= 1) {
    return deny("last_owner");
  }
  return { ok: true };
}

/**
 * Inviting someone with a role: the inviter needs `org:manage_team`, and only an owner invites an
 * owner. Checked when the invitation is made, and again, against the inviter's membership at
 * that moment (`null`: no longer a member), when it is accepted: an invitation grants no more
 * than its maker could still grant.
 */
export function checkInvitation(
  inviter: Actor | null,
  role: { isOwner: boolean },
): Decision<Record<never, never>, "forbidden" | "last_owner"> {
  if (!inviter) return deny("forbidden", { reason: "inviter_gone" });
  const manage = requireManageTeam(inviter);
  if (!manage.ok) return manage;
  return checkOwnershipChange({ actor: inviter, targetIsOwner: false, becomesOwner: role.isOwner, ownerCount: 0 });
}

/**
 * Whether a member may leave the organization on their own: anyone but its last owner (the same
 * rule `checkOwnershipChange` applies to a removal), so the dashboard can say so before asking.
 */
export function canLeaveOrganization(member: {
  isOwner: boolean;
  ownerCount: number;
}): Decision<Record<never, never>, "last_owner"> {
  return member.isOwner && member.ownerCount <= 1 ? deny("last_owner") : { ok: true };
}
