import type { DeliveryId, EngineId, KeyId, OrganizationId, RoleId, UserId, WebhookId } from "../contract/ids.js";

/** The id each path parameter holds. */
interface PathIdTypes {
  orgId: OrganizationId;
  userId: UserId;
  roleId: RoleId;
  engineId: EngineId;
  keyId: KeyId;
  webhookId: WebhookId;
  deliveryId: DeliveryId;
}
export type PathParams = { [Name in keyof PathIdTypes]?: string };

/** A path's ids, typed; `orgId` is named `organizationId`, as the services name it. */
export type PathIds<Params extends PathParams> = {
  [Name in keyof Params & keyof PathIdTypes as Name extends "orgId" ? "organizationId" : Name]: PathIdTypes[Name];
};

/**
 * Path parameters arrive as plain strings. The services only ever look them up, so a string that
 * is not an id of its kind is simply not found (404), as an unknown id is: this is the one place
 * where they become typed ids.
 */
export function pathIds<Params extends PathParams>({ orgId, ...others }: Params): PathIds<Params> {
  return { ...(orgId === undefined ? {} : { organizationId: orgId }), ...others } as PathIds<Params>;
}
