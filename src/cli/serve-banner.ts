/**
 * What a person who just ran `glossa serve` in a terminal needs to read first. `publicUrl`
 * (GLOSSA_PUBLIC_URL) is the address people open when the server sits behind a proxy.
 */
export function serveBanner(facts: {
  url: string;
  publicUrl?: string | undefined;
  store: string;
  needsAdmin: boolean;
  version: string;
}): string {
  const base = (facts.publicUrl ?? facts.url).replace(/\/+$/, "");
  const lines = [
    "",
    `  Glossa ${facts.version} is running`,
    "",
    `  Dashboard and API   ${base}/`,
    ...(facts.publicUrl && base !== facts.url ? [`  Listening on        ${facts.url}`] : []),
    `  API reference       ${base}/openapi.json`,
    `  MCP                 ${base}/mcp`,
    `  Store               ${facts.store}`,
    "  Logs                readable lines below; GLOSSA_LOG_FORMAT=json prints JSON lines instead",
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
