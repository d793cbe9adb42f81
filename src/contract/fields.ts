import { Type, type TArray, type TLiteral, type TSchema, type TString, type TUnion } from "typebox";
import { KEY_KINDS, KEY_STATES, PERMISSIONS, PLANS } from "./vocabulary.js";

/** Field schemas several areas share. */

type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };

/** One of a closed list of strings, typed as the list's union. */
export function OneOf<const T extends readonly string[]>(
  values: T,
  options: { description?: string } = {},
): TUnion<Literals<T>> {
  // TypeBox cannot map a tuple to literal schemas in its types; the runtime value is exactly that.
  return Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as unknown as TUnion<Literals<T>>;
}

export function Nullable<T extends TSchema>(schema: T, options: { description?: string } = {}) {
  return Type.Union([schema, Type.Null()], options);
}

export const PermissionSchema = OneOf(PERMISSIONS);
export const PlanSchema = OneOf(PLANS);
export const KeyKindSchema = OneOf(KEY_KINDS);
export const KeyStateSchema = OneOf(KEY_STATES);

export const Name = Type.String({ minLength: 1, maxLength: 100 });
export const Email = Type.String({ minLength: 3, maxLength: 254, pattern: "^[^\\s@]+@[^\\s@]+$" });
export const Password = Type.String({ minLength: 8, maxLength: 1024 });
export const Locale = Type.String({
  minLength: 1,
  maxLength: 64,
  description: "BCP-47 tag of a language CLDR knows (400 otherwise); `en_US`, `EN` and `en-rUS` are normalised",
});
/** A JSON object whose string values are translated; any keys, including `__proto__`, pass through unchanged. */
export const LocalizableData = Type.Object(
  {},
  { additionalProperties: true, description: "string values are translated; shape and keys are kept" },
);
export const Timestamp = Type.String({ format: "date-time" });
/** An id in a request: bounded, its format checked by the service that looks it up. */
export const IdParam = Type.String({ maxLength: 100 });
export const IdField = Type.String({ minLength: 1, maxLength: 100 });

/** A 204 response: no body. */
export function NoContent(description: string) {
  return Type.Unsafe<undefined>({ type: "null", description });
}

/** A list answer: `{ [key]: item[] }`, described as a whole (its order, what it holds). */
export function ListOf<const K extends string, T extends TSchema>(key: K, item: T, description: string) {
  return Type.Object({ [key]: Type.Array(item) } as { [P in K]: TArray<T> }, { description });
}

/** A record just created with its secret: the only answer that ever holds the secret. */
export function WithSecret<const K extends string, T extends TSchema>(
  key: K,
  record: T,
  secret: string,
  options: { title: string; description: string },
) {
  return Type.Object(
    { [key]: record, secret: Type.String({ description: secret }) } as { [P in K]: T } & { secret: TString },
    options,
  );
}
