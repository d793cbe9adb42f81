import { Translate } from "translate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/**
 * The exact requests the LibreTranslate clients no one here wrote send, and the answers they
 * parse, read from their sources: Mastodon (app/lib/translation_service/libre_translate.rb),
 * Weblate (weblate/machinery/libretranslate.py and base.py) and Discourse's translator plugin
 * (app/services/discourse_translator/provider/libre_translate.rb); then the `translate` npm
 * package's LibreTranslate engine, run as published.
 */

/** The pseudo engine's rendering of a text starts like this. */
const pseudo = (text: string) => expect.stringMatching(new RegExp(`^\\[${text}`));

describe.each(STORES)("LibreTranslate clients against Glossa on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let key: string;
  /** What an operator sets as LIBRE_TRANSLATE_ENDPOINT (Mastodon), the machinery URL (Weblate), the endpoint (Discourse). */
  let endpoint: string;

  beforeAll(async () => {
    server = await startTestServer(store);
    seed = await seedOrganization(server.url, { name: "Libre clients" });
    key = (await createKey(seed.admin, seed.orgId, { name: "libre clients" })).secret;
    endpoint = `${server.url}/libretranslate`;
  });
  afterAll(async () => server?.stop());

  describe("Mastodon (TranslationService::LibreTranslate)", () => {
    /** Mastodon's Request: JSON content type on every call, the GET included, and its status handling. */
    const mastodonRequest = async (verb: "GET" | "POST", path: string, body?: string) => {
      const response = await fetch(`${endpoint}${path}`, {
        method: verb,
        headers: { "Content-Type": "application/json" },
        ...(body === undefined ? {} : { body }),
      });
      if (response.status === 429) return { error: "TooManyRequestsError" as const, status: 429 };
      if (response.status === 403) return { error: "QuotaExceededError" as const, status: 403 };
      if (response.status < 200 || response.status >= 300) return { error: "UnexpectedResponseError" as const };
      return { json: await response.json() };
    };

    /** `languages`: code → targets without itself, and nil → every target, sorted. */
    const mastodonLanguages = async () => {
      const result = await mastodonRequest("GET", "/languages");
      const languages = new Map<string | null, string[]>(
        (result.json as { code: string; targets: string[] }[]).map((language) => [
          language.code,
          language.targets.filter((target) => target !== language.code),
        ]),
      );
      languages.set(null, [...new Set([...languages.values()].flat())].sort());
      return languages;
    };

    /** `translate(texts, source_language, target_language)` with its exact body (Oj.dump, keys in this order). */
    const mastodonTranslate = async (texts: string[], sourceLanguage: string | null, targetLanguage: string) => {
      const body = JSON.stringify({
        q: texts,
        source: sourceLanguage || "auto",
        target: targetLanguage,
        format: "html",
        api_key: key,
      });
      const result = await mastodonRequest("POST", "/translate", body);
      if (!result.json) return result;
      const data = result.json as { translatedText: string[]; detectedLanguage?: { language: string }[] };
      return data.translatedText.map((text, index) => ({
        text,
        detectedSourceLanguage: data.detectedLanguage?.[index]?.language ?? sourceLanguage,
        provider: "LibreTranslate",
      }));
    };

    it("reads the languages without a key, as it sends none", async () => {
      const languages = await mastodonLanguages();
      expect(languages.get("en")).toEqual(expect.arrayContaining(["de", "es", "fr"]));
      expect(languages.get("en")).not.toContain("en");
      expect(languages.get(null)).toEqual(expect.arrayContaining(["de", "en", "es", "pt"]));
    });

    it("translates a status's HTML with a given source and with auto-detection", async () => {
      expect(await mastodonTranslate(["<p>Hasta la vista</p>"], "es", "en")).toEqual([
        {
          text: expect.stringMatching(/^\[<p>Ĥášţá .*<\/p>/),
          detectedSourceLanguage: "es",
          provider: "LibreTranslate",
        },
      ]);
      expect(
        await mastodonTranslate(["<p>Guten Morgen, wie geht es dir heute?</p>", "<p>Bis später</p>"], null, "en"),
      ).toEqual([
        {
          text: expect.stringMatching(/^\[<p>Ĝúţéñ .*<\/p>/),
          detectedSourceLanguage: "de",
          provider: "LibreTranslate",
        },
        { text: expect.stringMatching(/^\[<p>Ɓíš .*<\/p>/), detectedSourceLanguage: "de", provider: "LibreTranslate" },
      ]);
    });

    it("older Mastodon sent q as one string and read translatedText as one", async () => {
      const response = await fetch(`${endpoint}/translate`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ q: "Hasta la vista", source: "es", target: "en", format: "html", api_key: key }),
      });
      expect(await response.json()).toEqual({ translatedText: pseudo("Ĥášţá") });
    });

    it("raises TooManyRequestsError for the rate limit and QuotaExceededError for the monthly quota", async () => {
      const limited = (
        await createKey(seed.admin, seed.orgId, {
          name: "mastodon limited",
          rateLimit: { requests: 1, windowSeconds: 3600 },
          monthlyCharacterLimit: 3,
        })
      ).secret;
      const send = (q: string) =>
        mastodonRequest(
          "POST",
          "/translate",
          JSON.stringify({ q: [q], source: "en", target: "de", format: "html", api_key: limited }),
        );
      expect(await send("Hello")).toMatchObject({ error: "QuotaExceededError" });
      expect(await send("Hi")).toMatchObject({ error: "TooManyRequestsError" });
    });
  });

  describe("Weblate (LibreTranslateTranslation machinery)", () => {
    /** BatchMachineTranslation.request: Referer and Accept headers; requests' `json=` body; check_failure reads `error`. */
    const weblateRequest = async (method: "get" | "post", url: string, json?: unknown) => {
      const response = await fetch(url, {
        method: method.toUpperCase(),
        headers: {
          Referer: "https://weblate.example.test/",
          Accept: "application/json; charset=utf-8",
          ...(json === undefined ? {} : { "Content-Type": "application/json" }),
        },
        // Python's json.dumps separators, as requests sends them.
        ...(json === undefined ? {} : { body: JSON.stringify(json, null, 0).replace(/","/g, '", "') }),
      });
      if (!response.ok) {
        const payload = (await response.json()) as { error?: unknown };
        throw new Error(`${response.status} Client Error: ${typeof payload.error === "string" ? payload.error : ""}`);
      }
      return response.json();
    };
    /** The machinery's URL as configured, with its trailing slash; get_api_url strips it and joins with "/". */
    const apiUrl = (settingsUrl: string, part: string) => `${settingsUrl.replace(/\/+$/, "")}/${part}`;

    it("validates its settings: downloads the languages, then translates en → de", async () => {
      const settings = { url: `${endpoint}/`, key };
      const codes = ((await weblateRequest("get", apiUrl(settings.url, "languages"))) as { code: string }[]).map(
        (language) => language.code,
      );
      // is_supported: both codes listed (zh_Hans is mapped to zh by its language_map)
      for (const code of ["en", "de", "cs", "zh"]) expect(codes).toContain(code);
      const payload = (await weblateRequest("post", apiUrl(settings.url, "translate"), {
        api_key: settings.key,
        q: ["test"],
        source: "en",
        target: "de",
      })) as { translatedText: string[] };
      expect(payload.translatedText[0]).toEqual(pseudo("ţéšţ"));
    });

    it("translates a batch, placeholders kept, into Simplified Chinese as zh", async () => {
      const payload = (await weblateRequest("post", apiUrl(`${endpoint}/`, "translate"), {
        api_key: key,
        q: ["Hello, %s!", "{count} files"],
        source: "en",
        target: "zh",
      })) as { translatedText: string[] };
      expect(payload.translatedText).toEqual([
        expect.stringMatching(/^\[Ĥéļļö, %s!/),
        expect.stringMatching(/^\[\{count\} ƒíļéš/),
      ]);
    });

    it("reports the server's error message on a refused key (a 403 Weblate backs off from)", async () => {
      await expect(
        weblateRequest("post", apiUrl(`${endpoint}/`, "translate"), {
          api_key: "",
          q: ["test"],
          source: "en",
          target: "de",
        }),
      ).rejects.toThrow(/^403 Client Error: Please send your Glossa API key as api_key/);
    });
  });

  describe("Discourse (discourse-translator's LibreTranslate provider)", () => {
    /** `result(url, body)`: body[:api_key] added last, URI.encode_www_form, a form content type. */
    const discourseResult = async (path: string, body: Record<string, string>) => {
      const response = await fetch(`${endpoint}${path}`, {
        method: "POST",
        body: new URLSearchParams({ ...body, api_key: key }).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      const json = await response.json();
      if (response.status !== 200) throw new Error(JSON.stringify(json));
      return json;
    };

    it("detects a post's language, checks support, and translates its cooked HTML", async () => {
      const detected = (await discourseResult("/detect", { q: "Guten Morgen, wie geht es dir heute?" })) as {
        language: string;
      }[];
      const source = detected.length > 0 ? detected[0]!.language : "en";
      expect(source).toBe("de");

      const languages = (await (await fetch(`${endpoint}/languages`)).json()) as { code: string }[];
      // translate_supported?(source, target): both codes in the list (SUPPORTED_LANG_MAPPING[:en] is "en")
      expect(languages.some((language) => language.code === source)).toBe(true);
      expect(languages.some((language) => language.code === "en")).toBe(true);

      const translated = (await discourseResult("/translate", {
        q: "<p>Guten Morgen, wie geht es dir heute?</p>",
        source,
        target: "en",
        format: "html",
      })) as { translatedText: string };
      expect(translated.translatedText).toMatch(/^\[<p>Ĝúţéñ .*<\/p> ~*\]$/);
    });

    it("its Hebrew code iw is read as he", async () => {
      const translated = (await discourseResult("/translate", {
        q: "Hello",
        source: "en",
        target: "iw",
        format: "html",
      })) as {
        translatedText: string;
      };
      expect(translated.translatedText).toEqual(pseudo("Ĥéļļö"));
    });
  });

  describe("the translate npm package (engine libre), as published", () => {
    /** `url` is an option the package reads (it builds the request from it) but does not declare in its types. */
    const libre = (apiKey: string) =>
      Translate({ engine: "libre", key: apiKey, url: `${endpoint}/translate` } as Parameters<typeof Translate>[0]);

    it("translates with api_key in the JSON body", async () => {
      const translate = libre(key);
      expect(await translate("Good evening", { from: "en", to: "es" })).toEqual(pseudo("Ĝööð"));
      expect(await translate("Good night", { from: "en", to: "zh" })).toEqual(pseudo("Ĝööð"));
    });

    it("throws the server's error for a bad key and an unknown language", async () => {
      await expect(libre("gls_not_a_key")("Good afternoon", { from: "en", to: "es" })).rejects.toThrow(
        "The API key is invalid or has been deleted.",
      );
      const translate = libre(key);
      // the package itself refuses codes outside ISO 639-1; `zt` (Traditional Chinese) passes it and Glossa reads it
      expect(await translate("Good morning", { from: "en", to: "zt" })).toEqual(pseudo("Ĝööð"));
    });
  });
});
