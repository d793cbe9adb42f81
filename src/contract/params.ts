import { Type } from "typebox";
import { IdParam } from "./fields.js";

/** Path parameters of the management API. */

export const OrgParams = Type.Object({ orgId: IdParam });
export const OrgKeyParams = Type.Object({ orgId: IdParam, keyId: IdParam });
export const OrgRoleParams = Type.Object({ orgId: IdParam, roleId: IdParam });
export const UserParams = Type.Object({ userId: IdParam });
export const OrgMemberParams = Type.Object({ orgId: IdParam, userId: IdParam });
export const OrgEngineParams = Type.Object({ orgId: IdParam, engineId: IdParam });
export const OrgEngineJobParams = Type.Object({ orgId: IdParam, engineId: IdParam, jobId: IdParam });
export const OrgMemberEngineParams = Type.Object({ orgId: IdParam, userId: IdParam, engineId: IdParam });
