/** What a person who just ran `glossa serve` in a terminal needs to read first. */
export function serveBanner(facts: { url: string; store: string; needsAdmin: boolean; version: string }): string {
  const lines = [
    "",
    `  Glossa ${facts.version} is running`,
    "",
    `  Dashboard and API   ${facts.url}/`,
    `  API reference       ${facts.url}/openapi.json`,
    `  MCP                 ${facts.url}/mcp`,
    `  Store               ${facts.store}`,
  ];
  if (facts.needsAdmin)
    lines.push(
      "",
      "  No user exists yet. Stop the server (Ctrl-C) and start it with the first admin:",
      "    GLOSSA_ADMIN_EMAIL=you@example.com GLOSSA_ADMIN_PASSWORD='a long password' glossa serve",
      "  or create one with: glossa admin create-user --email you@example.com --admin",
      "  (in a checkout of Glossa: npm start, and npm run glossa -- admin create-user …)",
    );
  return `${lines.join("\n")}\n\n`;
}
