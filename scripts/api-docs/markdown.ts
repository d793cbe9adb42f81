/**
 * Renders the OpenAPI document the server builds into docs/api.md: an introduction (authentication,
 * errors), then every operation grouped by tag, then the records the operations refer to.
 * Pure: the same document always gives the same Markdown.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maxItems?: number;
  maxProperties?: number;
  pattern?: string;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema: JsonSchema;
}

interface Response {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
}

interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, Response>;
}

interface SecurityScheme {
  type: string;
  in?: string;
  name?: string;
  description?: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, SecurityScheme> };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ["get", "put", "post", "patch", "delete"];
const SCHEMA_PREFIX = "#/components/schemas/";

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");
const code = (text: string) => `\`${text}\``;
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\w\- ]/g, "")
    .replaceAll(" ", "-");
const refName = (ref: string) => ref.slice(SCHEMA_PREFIX.length);
const link = (name: string) => `[${name}](#${anchor(name)})`;

const isNull = (schema: JsonSchema) => schema.type === "null";
const isLiteral = (schema: JsonSchema) => schema.const !== undefined || schema.enum?.length === 1;

/** The type of a field as a reader would write it: `string | null`, `"free" | "pro"`, `KeyRecord[]`. */
export function typeText(schema: JsonSchema): string {
  if (schema.$ref) return link(refName(schema.$ref));
  if (schema.anyOf) return schema.anyOf.map(typeText).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  if (schema.type === "array") {
    const items = schema.items ? typeText(schema.items) : "unknown";
    return schema.items?.anyOf ? `(${items})[]` : `${items}[]`;
  }
  if (schema.type === "string" && schema.format) return `string (${schema.format})`;
  if (schema.type === "object" && typeof schema.additionalProperties === "object" && schema.additionalProperties.type)
    return `object of ${typeText(schema.additionalProperties)}`;
  return schema.type ?? "any JSON";
}

function constraints(schema: JsonSchema): string[] {
  const notes: string[] = [];
  if (schema.minLength !== undefined && schema.maxLength !== undefined)
    notes.push(`${schema.minLength}–${schema.maxLength} characters`);
  else if (schema.maxLength !== undefined) notes.push(`at most ${schema.maxLength} characters`);
  if (schema.pattern) notes.push(`matches ${code(schema.pattern)}`);
  if (schema.minimum !== undefined) notes.push(`at least ${schema.minimum}`);
  if (schema.maxItems !== undefined) notes.push(`at most ${schema.maxItems} items`);
  if (schema.maxProperties !== undefined) notes.push(`at most ${schema.maxProperties} entries`);
  return notes;
}

/** A field's notes: its description, then the bounds the server enforces (of each branch of a union). */
function notesText(schema: JsonSchema): string {
  const branches = schema.anyOf?.filter((branch) => !isNull(branch) && !isLiteral(branch)) ?? [];
  const branchDescriptions = (schema.anyOf ?? []).map((branch) => branch.description).filter(Boolean) as string[];
  const items = schema.type === "array" && schema.items ? constraints(schema.items).map((note) => `each ${note}`) : [];
  const parts = [
    schema.description,
    ...branchDescriptions,
    ...constraints(schema),
    ...branches.flatMap(constraints),
    ...items,
  ].filter(Boolean) as string[];
  return parts.join("; ");
}

interface FieldRow {
  path: string;
  schema: JsonSchema;
  required: boolean;
}

/** An inline object's fields, its inline sub-objects flattened (`usage.inputTokens`, `engines[].id`). */
function fieldRows(schema: JsonSchema, prefix = ""): FieldRow[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
    const path = `${prefix}${name}`;
    const row = { path, schema: field, required: required.has(name) };
    if (field.type === "object" && field.properties && Object.keys(field.properties).length > 0)
      return [row, ...fieldRows(field, `${path}.`)];
    if (field.type === "array" && field.items?.type === "object" && field.items.properties)
      return [row, ...fieldRows(field.items, `${path}[].`)];
    return [row];
  });
}

function fieldTable(schema: JsonSchema, withRequired: boolean): string[] {
  const rows = fieldRows(schema);
  if (rows.length === 0) return [];
  const header = withRequired
    ? ["| field | type | required | notes |", "| --- | --- | --- | --- |"]
    : ["| field | type | notes |", "| --- | --- | --- |"];
  return [
    ...header,
    ...rows.map((row) =>
      withRequired
        ? `| ${code(row.path)} | ${cell(typeText(row.schema))} | ${row.required ? "yes" : "no"} | ${cell(notesText(row.schema))} |`
        : `| ${code(row.path)} | ${cell(typeText(row.schema))} | ${cell(notesText(row.schema))} |`,
    ),
  ];
}

function securityText(document: OpenApiDocument, operation: Operation): string {
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.length === 0) return "none";
  return schemes
    .map((name) => {
      const scheme = document.components?.securitySchemes?.[name];
      if (!scheme) return code(name);
      const where = scheme.in === "cookie" ? "cookie" : "header";
      return `${name === "apiKey" ? "API key" : name} (${where} ${code(scheme.name ?? name)})`;
    })
    .join(" or ");
}

function jsonContent(content: Record<string, { schema: JsonSchema }> | undefined) {
  const entry = Object.entries(content ?? {})[0];
  return entry ? { mediaType: entry[0], schema: entry[1].schema } : undefined;
}

function renderParameters(parameters: Parameter[]): string[] {
  if (parameters.length === 0) return [];
  return [
    "**Parameters**",
    "",
    "| name | in | type | required | notes |",
    "| --- | --- | --- | --- | --- |",
    ...parameters.map(
      (parameter) =>
        `| ${code(parameter.name)} | ${parameter.in} | ${cell(typeText(parameter.schema))} | ${parameter.required ? "yes" : "no"} | ${cell([parameter.description, notesText(parameter.schema)].filter(Boolean).join("; "))} |`,
    ),
    "",
  ];
}

function renderBody(operation: Operation): string[] {
  const body = jsonContent(operation.requestBody?.content);
  if (!body) return [];
  const required = operation.requestBody?.required ? "required" : "optional";
  const table = fieldTable(body.schema, true);
  const shape = body.schema.$ref ? link(refName(body.schema.$ref)) : "";
  const open = body.schema.additionalProperties === true ? "Other members are accepted and ignored." : "";
  return [[`**Body** (${code(body.mediaType)}, ${required})`, shape, open].filter(Boolean).join(" "), "", ...table, ""];
}

function isProblem(response: Response): boolean {
  return Object.keys(response.content ?? {}).includes("application/problem+json");
}

function renderResponses(operation: Operation): string[] {
  const lines: string[] = ["**Responses**", ""];
  const errors: string[] = [];
  for (const [status, response] of Object.entries(operation.responses)) {
    if (isProblem(response)) {
      errors.push(status);
      continue;
    }
    const body = jsonContent(response.content);
    if (!body) lines.push(`- ${code(status)}, no body: ${response.description}`);
    else if (body.schema.$ref) lines.push(`- ${code(status)}: ${link(refName(body.schema.$ref))}`);
    else lines.push(`- ${code(status)}: ${response.description}`, "", ...fieldTable(body.schema, false), "");
  }
  if (errors.length > 0)
    lines.push("", `Errors ([problem+json](#errors)): ${errors.map((status) => code(status)).join(", ")}.`);
  return [...lines, ""];
}

function renderOperation(document: OpenApiDocument, method: string, path: string, operation: Operation): string[] {
  return [
    `### ${method.toUpperCase()} ${path}`,
    "",
    ...(operation.summary ? [operation.summary, ""] : []),
    ...(operation.description ? [operation.description, ""] : []),
    `Authentication: ${securityText(document, operation)}.`,
    "",
    ...renderParameters(operation.parameters ?? []),
    ...renderBody(operation),
    ...renderResponses(operation),
  ];
}

function operationsByTag(document: OpenApiDocument) {
  const byTag = new Map<string, { method: string; path: string; operation: Operation }[]>();
  for (const tag of document.tags ?? []) byTag.set(tag.name, []);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "other";
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path, operation });
    }
  }
  return byTag;
}

function renderIntroduction(document: OpenApiDocument): string[] {
  const schemes = Object.entries(document.components?.securitySchemes ?? {});
  const statuses = new Map<string, string>();
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item))
      for (const [status, response] of Object.entries(operation.responses))
        if (isProblem(response)) statuses.set(status, response.description);
  return [
    `# ${document.info.title} API reference`,
    "",
    "<!-- Generated from the OpenAPI document by `npm run docs:api`; do not edit by hand. -->",
    "",
    `${document.info.description ?? ""}, version ${document.info.version}. The server serves the same description as`,
    `OpenAPI ${document.openapi} at ${code("GET /openapi.json")}. Requests and responses are JSON; a response carries`,
    "only the fields listed here.",
    "",
    "## Authentication",
    "",
    "| scheme | sent as | |",
    "| --- | --- | --- |",
    ...schemes.map(
      ([name, scheme]) =>
        `| ${code(name)} | ${scheme.in} ${code(scheme.name ?? name)} | ${cell(scheme.description ?? "")} |`,
    ),
    "",
    "## Errors",
    "",
    `Every error is ${code("application/problem+json")} (${link("Problem")}): ${code("code")} names the error, the status`,
    "says what kind it is. The statuses each operation can answer with are listed under it.",
    "",
    "| status | meaning |",
    "| --- | --- |",
    ...[...statuses.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, description]) => `| ${code(status)} | ${cell(description)} |`),
    "",
  ];
}

function renderContents(document: OpenApiDocument, byTag: ReturnType<typeof operationsByTag>): string[] {
  const lines = ["## Contents", ""];
  for (const [tag, operations] of byTag) {
    if (operations.length === 0) continue;
    lines.push(`- [${tag}](#${anchor(tag)})`);
    for (const { method, path } of operations) {
      const heading = `${method.toUpperCase()} ${path}`;
      lines.push(`  - [${code(heading)}](#${anchor(heading)})`);
    }
  }
  lines.push("- [Records](#records)", "");
  return lines;
}

function renderRecords(document: OpenApiDocument): string[] {
  const schemas = Object.entries(document.components?.schemas ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return [
    "## Records",
    "",
    ...schemas.flatMap(([name, schema]) => [
      `### ${name}`,
      "",
      ...(schema.description ? [schema.description, ""] : []),
      ...fieldTable(schema, true),
      "",
    ]),
  ];
}

export function renderApiMarkdown(document: OpenApiDocument): string {
  const byTag = operationsByTag(document);
  const tagDescriptions = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
  const sections = [...byTag].flatMap(([tag, operations]) =>
    operations.length === 0
      ? []
      : [
          `## ${tag}`,
          "",
          ...(tagDescriptions.get(tag) ? [tagDescriptions.get(tag)!, ""] : []),
          ...operations.flatMap(({ method, path, operation }) => renderOperation(document, method, path, operation)),
        ],
  );
  const lines = [
    ...renderIntroduction(document),
    ...renderContents(document, byTag),
    ...sections,
    ...renderRecords(document),
  ];
  return `${lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
}
