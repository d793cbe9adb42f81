import { Type, type TObject, type TSchema } from "typebox";
import type { FieldError } from "../errors/app-error.js";
import { schemaErrors } from "./engine-config.js";

/** Decrypted engine credentials: the fields of the provider's credential schema. */
export type Credentials = Readonly<Record<string, string | undefined>>;

/** One input of the engine form's credentials: a key inside `credentials`. */
export interface CredentialField {
  name: string;
  label: string;
  /** False when the provider works without it (local OpenAI-compatible servers). */
  required: boolean;
  description?: string;
}

/** A secret credential field; `label` names its input in the dashboard. */
export const Secret = (label: string, description?: string) =>
  Type.String({ minLength: 1, maxLength: 4000, title: label, ...(description ? { description } : {}) });

export const NO_CREDENTIALS = Type.Object({}, { additionalProperties: false });

export function credentialErrors(schema: TSchema, credentials: unknown): FieldError[] {
  return schemaErrors(schema, credentials, "/credentials");
}

/** The credential inputs a credential schema asks for, in its order. */
export function credentialFields(schema: TObject): CredentialField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, field]) => {
    const { title, description } = field as { title?: unknown; description?: unknown };
    return {
      name,
      label: typeof title === "string" ? title : name,
      required: required.has(name),
      ...(typeof description === "string" ? { description } : {}),
    };
  });
}
