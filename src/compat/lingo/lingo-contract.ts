import { Type, type Static } from "typebox";
import { KeyKindSchema, Nullable } from "../../contract/fields.js";
import { LocalizeBody } from "../../contract/process.js";

/** The Lingo.dev / Replexica SDK aliases (docs/lingo-sdk.md). */

const LingoLocale = Type.String({ minLength: 1, maxLength: 64 });

/**
 * The body older Lingo.dev / Replexica SDKs send to `POST /i18n`:
 * `{ params: { workflowId, fast }, locale: { source, target }, data, reference?, hints? }`.
 * `params` is accepted and ignored.
 */
export const LingoI18nBody = Type.Object(
  {
    locale: Type.Object(
      { source: Type.Union([LingoLocale, Type.Null()]), target: LingoLocale },
      { additionalProperties: true },
    ),
    data: LocalizeBody.properties.data,
    hints: LocalizeBody.properties.hints,
    reference: LocalizeBody.properties.reference,
    engineId: LocalizeBody.properties.engineId,
  },
  { additionalProperties: true },
);
export type LingoI18nBody = Static<typeof LingoI18nBody>;

/** `GET /users/me`: the key's user as the current SDK's `whoami()` reads it. */
export const LingoUser = Type.Object(
  {
    id: Nullable(Type.String(), { description: "the owner's user id; for a service key, the key's id" }),
    email: Nullable(Type.String(), {
      description: 'the owner\'s email; for a service key, "<key name> (service key, <organization name>)"',
    }),
    organizationId: Type.String(),
    keyId: Type.String(),
    kind: KeyKindSchema,
  },
  { title: "LingoUser", description: "The key's user, as the Lingo.dev SDK reads it." },
);
export type LingoUser = Static<typeof LingoUser>;
