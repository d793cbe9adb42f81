import { Type } from "typebox";
import { whoami } from "../../services/whoami.js";
import type { GlossaTool } from "../tool.js";

export const whoamiTool: GlossaTool = {
  name: "whoami",
  title: "Who am I",
  description:
    "Describes the API key in use: { organizationId, keyId, kind, userId, email, engines: [{ id, name }], limits } (userId and email are null for service keys).",
  inputSchema: Type.Object({}, { additionalProperties: true }),
  readOnly: true,
  async run(_args, context) {
    return whoami(context.sql, await context.authenticate(null), context.meter);
  },
};
