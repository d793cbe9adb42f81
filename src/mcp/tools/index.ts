import type { GlossaTool } from "../tool.js";
import { listEnginesTool } from "./list-engines.js";
import { localizeTool } from "./localize.js";
import { recognizeLocaleTool } from "./recognize-locale.js";
import { whoamiTool } from "./whoami.js";

/** Every tool the MCP server offers, in the order clients list them. */
// Each tool validates its own arguments against its schema, so the list holds tools of any argument type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const TOOLS: readonly GlossaTool<any>[] = [localizeTool, listEnginesTool, whoamiTool, recognizeLocaleTool];
