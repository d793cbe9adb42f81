import type { CompatApi } from "../compat-api.js";
import { lingoCompatRoutes } from "./lingo-routes.js";

/** The paths the Lingo.dev and Replexica SDKs call beyond Glossa's own (docs/lingo-sdk.md). */
export const lingoApi: CompatApi = {
  tag: {
    name: "lingo.dev compatibility",
    description: "The paths the Lingo.dev and Replexica SDKs call (docs/lingo-sdk.md), with the same key and rules.",
  },
  async mount(app, deps) {
    await app.register(lingoCompatRoutes(deps));
  },
};
