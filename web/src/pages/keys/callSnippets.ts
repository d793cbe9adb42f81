/**
 * How to call Glossa with a key, for the keys page: every snippet reads the key from GLOSSA_API_KEY.
 * The DeepL and LibreTranslate snippets call the compatible APIs (docs/compatible-apis.md).
 */
export type SnippetId = "curl" | "sdk" | "mcp" | "cli" | "deepl" | "libretranslate";

export const SNIPPET_TABS: { id: SnippetId; label: string }[] = [
  { id: "curl", label: "curl" },
  { id: "sdk", label: "Lingo.dev SDK" },
  { id: "mcp", label: "MCP (Claude, Cursor)" },
  { id: "cli", label: "CLI" },
  { id: "deepl", label: "DeepL API (curl, deepl-node)" },
  { id: "libretranslate", label: "LibreTranslate API (curl)" },
];

export function callSnippet(id: SnippetId, baseUrl: string): string {
  switch (id) {
    case "curl":
      return [
        "export GLOSSA_API_KEY=gls_…   # the key you just copied",
        `curl -s ${baseUrl}/process/localize \\`,
        '  -H "X-API-Key: $GLOSSA_API_KEY" -H "content-type: application/json" \\',
        `  -d '{"sourceLocale":"en","targetLocale":"de","data":{"greeting":"Hello"}}'`,
      ].join("\n");
    case "sdk":
      return [
        'import { LingoDotDevEngine } from "lingo.dev/sdk";',
        "",
        `const lingo = new LingoDotDevEngine({ apiKey: process.env.GLOSSA_API_KEY, apiUrl: "${baseUrl}" });`,
        'const de = await lingo.localizeObject({ greeting: "Hello" }, { sourceLocale: "en", targetLocale: "de" });',
      ].join("\n");
    case "mcp":
      return [
        "# Claude Code",
        `claude mcp add --transport http glossa ${baseUrl}/mcp --header "X-API-Key: $GLOSSA_API_KEY"`,
        "",
        "# Cursor: .cursor/mcp.json",
        JSON.stringify(
          { mcpServers: { glossa: { url: `${baseUrl}/mcp`, headers: { "X-API-Key": "${env:GLOSSA_API_KEY}" } } } },
          null,
          2,
        ),
      ].join("\n");
    case "cli":
      return [
        `export GLOSSA_URL=${baseUrl}`,
        "export GLOSSA_API_KEY=gls_…",
        "npx glossa localize -t de -t fr locales/en.json   # writes locales/de.json and locales/fr.json",
      ].join("\n");
    case "deepl":
      return [
        "# Any DeepL client or tool: the server URL is this server, the auth key a Glossa key",
        `curl -s ${baseUrl}/v2/translate \\`,
        '  -H "Authorization: DeepL-Auth-Key $GLOSSA_API_KEY" \\',
        "  -d text=Hello -d target_lang=DE",
        "",
        "// deepl-node",
        'import * as deepl from "deepl-node";',
        `const translator = new deepl.Translator(process.env.GLOSSA_API_KEY, { serverUrl: "${baseUrl}" });`,
        'const result = await translator.translateText("Hello", null, "de");',
      ].join("\n");
    case "libretranslate":
      return [
        `curl -s ${baseUrl}/libretranslate/translate \\`,
        '  -H "content-type: application/json" \\',
        `  -d '{"q":"Hello","source":"auto","target":"de","format":"text","api_key":"'"$GLOSSA_API_KEY"'"}'`,
      ].join("\n");
  }
}
