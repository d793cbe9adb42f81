/** How to call Glossa with a key, for the keys page: every snippet reads the key from GLOSSA_API_KEY. */
export type SnippetId = "curl" | "sdk" | "mcp" | "cli";

export const SNIPPET_TABS: { id: SnippetId; label: string }[] = [
  { id: "curl", label: "curl" },
  { id: "sdk", label: "Lingo.dev SDK" },
  { id: "mcp", label: "MCP (Claude, Cursor)" },
  { id: "cli", label: "CLI" },
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
  }
}
