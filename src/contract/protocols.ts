/**
 * The ways into Glossa, one entry each: its name in usage (`groupBy=protocol`), the label the
 * dashboard shows, and the paths it owns (never the dashboard's; `:engineId` pins an engine). A
 * compatible API is its folder `src/compat/<name>/` plus its entry here (docs/ARCHITECTURE.md,
 * "Add a protocol"); `src/compat/index.ts` mounts each entry's routes.
 */
export const PROTOCOLS = [
  { name: "glossa", label: "Glossa API (/process, whoami, jobs, Lingo.dev)", paths: ["/process", "/whoami"] },
  { name: "mcp", label: "MCP", paths: ["/mcp"] },
  { name: "deepl", label: "DeepL-compatible API", paths: ["/v2", "/engines/:engineId/v2"] },
  {
    name: "libretranslate",
    label: "LibreTranslate-compatible API",
    paths: ["/libretranslate", "/engines/:engineId/libretranslate"],
  },
] as const;

/** The API a key-authenticated call came through, counted in usage. */
export type UsageProtocol = (typeof PROTOCOLS)[number]["name"];
type Names<T extends readonly { name: string }[]> = { readonly [K in keyof T]: T[K]["name"] };
export const USAGE_PROTOCOLS = PROTOCOLS.map((protocol) => protocol.name) as unknown as Names<typeof PROTOCOLS>;

/** The dashboard's words for each protocol. */
export const PROTOCOL_LABELS = Object.fromEntries(
  PROTOCOLS.map((protocol) => [protocol.name, protocol.label]),
) as Record<UsageProtocol, string>;

/** Whether `path` belongs to a protocol (matched per segment, `:engineId` standing for any one). */
export function isProtocolPath(path: string): boolean {
  const segments = path.split("?")[0]!.split("/");
  return PROTOCOLS.some((protocol) =>
    protocol.paths.some((owned) => {
      const prefix = owned.split("/");
      return prefix.every((part, i) => part === segments[i] || (part.startsWith(":") && (segments[i] ?? "") !== ""));
    }),
  );
}
