import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { API_DOCS_PATH } from "../../scripts/api-docs/api-markdown.js";
import { renderApiMarkdown, type OpenApiDocument } from "../../scripts/api-docs/markdown.js";
import { openApiDocument } from "../../scripts/api-docs/openapi-document.js";
import { hoistTitledSchemas } from "../../src/http/openapi-components.js";

/** A 2xx, or the 303 with which a browser-facing callback (`GET /api/sso/callback`) succeeds. */
const SUCCESS = /^(2\d\d|303)$/;
const METHODS = ["get", "put", "post", "patch", "delete"];

describe("the API reference", () => {
  let document: OpenApiDocument;

  beforeAll(async () => {
    document = await openApiDocument();
  });

  const PROTOCOL_SHAPED_ERRORS = new Set(["DeepL compatibility", "LibreTranslate compatibility"]);
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({ route: `${method} ${path}`, ...item[method]! })),
    );

  it("describes every operation: tag, summary, security, a success response and problem+json errors", () => {
    expect(operations().length).toBeGreaterThan(30);
    for (const { route, tags, summary, security, responses } of operations()) {
      expect(tags, route).toHaveLength(1);
      expect(summary, route).toBeTruthy();
      expect(security, route).toBeDefined();
      const statuses = Object.keys(responses);
      const successes = statuses.filter((status) => SUCCESS.test(status));
      // One success status; or 200 and 202 for an operation that answers at once or as a job (docs/moving-to-glossa.md's TMX import).
      if (successes.length !== 1) expect(successes, route).toEqual(["200", "202"]);
      // The compatible APIs answer errors in their protocol's own JSON shape (docs/compatible-apis.md).
      const errorType = PROTOCOL_SHAPED_ERRORS.has(tags?.[0] ?? "") ? "application/json" : "application/problem+json";
      for (const status of statuses.filter((candidate) => !SUCCESS.test(candidate)))
        expect(Object.keys(responses[status]!.content ?? {}), `${route} ${status}`).toEqual([errorType]);
    }
  });

  it("names each record once, under components", () => {
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(["KeyRecord", "CreatedKey", "EngineRecord", "MemberRecord", "RoleRecord", "Problem"]),
    );
    expect(JSON.stringify(document.paths)).not.toContain('"title":"KeyRecord"');
  });

  it(`${API_DOCS_PATH} is current`, async () => {
    const committed = await readFile(fileURLToPath(new URL(`../../${API_DOCS_PATH}`, import.meta.url)), "utf8");
    const current = renderApiMarkdown(document);
    if (committed !== current) expect.fail(`${API_DOCS_PATH} is out of date: run npm run docs:api and commit it.`);
  });
});

describe("hoistTitledSchemas", () => {
  const record = { type: "object", title: "Thing", properties: { id: { type: "string" } } };

  it("moves each titled object schema into components once and refers to it", () => {
    const hoisted = hoistTitledSchemas({
      paths: { "/a": { get: { schema: record } }, "/b": { get: { schema: { type: "array", items: record } } } },
      components: { schemas: {} },
    });
    expect(hoisted.components.schemas).toEqual({ Thing: record });
    expect(hoisted.paths).toEqual({
      "/a": { get: { schema: { $ref: "#/components/schemas/Thing" } } },
      "/b": { get: { schema: { type: "array", items: { $ref: "#/components/schemas/Thing" } } } },
    });
  });

  it("leaves properties named title alone, and refuses two different schemas under one title", () => {
    const titled = { type: "object", properties: { title: { type: "string" } } };
    expect(hoistTitledSchemas({ paths: { titled }, components: {} }).paths).toEqual({ titled });
    expect(() =>
      hoistTitledSchemas({ paths: { a: record, b: { ...record, properties: {} } }, components: {} }),
    ).toThrow(/Two different schemas are titled Thing/);
  });
});
