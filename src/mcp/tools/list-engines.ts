import { Type } from "typebox";
import { listReachableEngines } from "../../services/list-engines.js";
import type { GlossaTool } from "../tool.js";

export const listEnginesTool: GlossaTool = {
  name: "list_engines",
  title: "List engines",
  description:
    "Lists the engines this API key may use now: { engines: [{ id, name, provider, isDefault }] }. Pass an id as engineId to localize.",
  inputSchema: Type.Object({}, { additionalProperties: true }),
  readOnly: true,
  async run(_args, context) {
    const principal = await context.authenticate(null);
    return { engines: await listReachableEngines(context.sql, principal) };
  },
};
