import { Type, type Static } from "typebox";

/** Liveness and readiness (docs/operations.md). */

export const Health = Type.Object({ status: Type.Literal("ok") }, { description: "The process is up." });
export type Health = Static<typeof Health>;

export const Readiness = Type.Object({ status: Type.Literal("ready") }, { description: "The database answers." });
export type Readiness = Static<typeof Readiness>;
