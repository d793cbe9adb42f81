import { Type, type Static } from "typebox";
import { ListOf, Locale, LocalizableData, Name, Timestamp } from "./fields.js";

/** Engines (docs/api.md): a provider plus its settings. Credentials are write-only: no record holds them. */

// The config is validated per provider by the engines service (src/core/engines/engine-config.ts).
const EngineConfig = Type.Record(Type.String(), Type.Unknown(), {
  description: "provider-specific settings (docs/engines.md); never holds secrets",
});

export const EngineRecord = Type.Object(
  {
    id: Type.String(),
    organizationId: Type.String(),
    name: Type.String(),
    provider: Type.String(),
    config: EngineConfig,
    hasCredentials: Type.Boolean({ description: "whether credentials are stored (they are never returned)" }),
    isDefault: Type.Boolean({ description: "the organization's default engine" }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: "EngineRecord", description: "An engine: a provider and its settings. Credentials are write-only." },
);
export type EngineRecord = Static<typeof EngineRecord>;

export const EngineList = ListOf("engines", EngineRecord, "The organization's engines, oldest first.");
export type EngineList = Static<typeof EngineList>;

/** An engine as an API key sees it (MCP `list_engines`). */
export const ReachableEngine = Type.Object({
  id: Type.String(),
  name: Type.String(),
  provider: Type.String(),
  isDefault: Type.Boolean({ description: "used when a request names no `engineId`" }),
});
export type ReachableEngine = Static<typeof ReachableEngine>;

const EngineCredentials = Type.Union(
  [Type.Record(Type.String(), Type.String({ maxLength: 4000 }), { maxProperties: 10 }), Type.Null()],
  {
    description:
      "write-only provider credentials (e.g. { apiKey }); stored encrypted, never returned; null removes them",
  },
);
const Provider = Type.String({ minLength: 1, maxLength: 50 });

export const EngineBody = Type.Object({
  name: Name,
  provider: Provider,
  config: Type.Optional(EngineConfig),
  credentials: Type.Optional(EngineCredentials),
  isDefault: Type.Optional(Type.Boolean()),
});
export type EngineBody = Static<typeof EngineBody>;

export const EnginePatchBody = Type.Object({
  name: Type.Optional(Name),
  provider: Type.Optional(Provider),
  config: Type.Optional(EngineConfig),
  credentials: Type.Optional(EngineCredentials),
  isDefault: Type.Optional(Type.Boolean()),
});
export type EnginePatchBody = Static<typeof EnginePatchBody>;

/** `POST /api/orgs/:orgId/engines/:engineId/try`: a localize call made with the dashboard session. */
export const TryEngineBody = Type.Object({
  sourceLocale: Locale,
  targetLocale: Locale,
  data: LocalizableData,
});
export type TryEngineBody = Static<typeof TryEngineBody>;
