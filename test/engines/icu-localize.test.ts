import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeholderProblems } from "../../src/core/engines/validate-output.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/** Strings come back intact through POST /process/localize with the real pseudo and Apertium engines. */
describe.each(STORES)("ICU messages and placeholders through localize on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let secret: string;
  let apertiumId: string;

  beforeAll(async () => {
    server = await startTestServer(store);
    seed = await seedOrganization(server.url);
    secret = (await createKey(seed.admin, seed.orgId, { name: "icu" })).secret;
    const apertium = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "Apertium",
      provider: "apertium",
    });
    expectStatus(apertium, 201);
    apertiumId = apertium.body.id;
  });
  afterAll(async () => server?.stop());

  const localize = async (engineId: string, data: Record<string, string>) => {
    const response = await seed.admin.localize(secret, { engineId, sourceLocale: "en", targetLocale: "es", data });
    expectStatus(response, 200);
    return response.body.data as Record<string, string>;
  };

  it("regression: Apertium translates each plural branch on its own, so branches are no longer swapped", async () => {
    const data = await localize(apertiumId, {
      count: "{count, plural, one {# message} other {# messages}}",
      inbox: "You have {count, plural, =0 {no messages} one {one message from {name}} other {# messages}}.",
    });
    // Before: `{count, plural, one {# Mensajes} other {# de mensaje}}`. Spanish's categories: one, many, other.
    expect(data.count).toMatch(
      /^\{count, plural, one \{# [Mm]ensaje\} many \{# [Mm]ensajes\} other \{# [Mm]ensajes\}\}$/,
    );
    expect(data.inbox).toMatch(
      /^Tienes \{count, plural, =0 \{.+\} one \{.+ \{name\}\} many \{# [Mm]ensajes\} other \{# [Mm]ensajes\}\}\.$/,
    );
    const pair = { sourceLocale: "en", targetLocale: "es" };
    expect(placeholderProblems("{count, plural, one {# message} other {# messages}}", data.count!, pair)).toEqual([]);
  });

  it("Apertium keeps the Lingo.dev CLI's tokens and every placeholder syntax", async () => {
    const source = {
      xcstrings: "{variable:0} new messages",
      stringsdict: "%#@user_count@ are online",
      mdx: "See CODE_PLACEHOLDER_3fa9c2e1_END and INLINE_CODE_PLACEHOLDER_9ab1_END",
      entities: "Rock &amp; roll, it&#39;s &nbsp;great",
    };
    const data = await localize(apertiumId, source);
    expect(data.xcstrings).toMatch(/^\{variable:0\} /);
    expect(data.stringsdict).toMatch(/^%#@user_count@ /);
    expect(data.mdx).toContain("CODE_PLACEHOLDER_3fa9c2e1_END");
    expect(data.mdx).toContain("INLINE_CODE_PLACEHOLDER_9ab1_END");
    for (const key of Object.keys(source) as (keyof typeof source)[])
      expect(placeholderProblems(source[key], data[key]!)).toEqual([]);
  });

  it("pseudo localizes branch by branch and keeps the skeleton", async () => {
    const data = await localize(seed.engineId, {
      plural: "{n, plural, one {# file} other {# files}}",
      select: "{g, select, female {She} other {They}} left",
      flat: "Hi {{name}}, %1$@ %lld",
    });
    // Spanish's categories (one, many, other), each form marked with its category.
    expect(data.plural).toBe(
      "{n, plural, one {[# ƒíļé ~~ ‹one›]} many {[# ƒíļéš ~~ ‹many›]} other {[# ƒíļéš ~~ ‹other›]}}",
    );
    expect(data.select).toBe("[{g, select, female {[Šĥé ~]} other {[Ţĥéý ~~]}} ļéƒţ ~~]");
    expect(data.flat).toBe("[Ĥí {{name}}, %1$@ %lld ~]");
  });
});
