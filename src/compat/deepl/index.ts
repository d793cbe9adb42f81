import type { CompatApi } from "../compat-api.js";
import { deeplCompatRoutes } from "./deepl-routes.js";

/** DeepL's API v2 on Glossa keys (docs/compatible-apis.md#deepl-api-v2). */
export const deeplApi: CompatApi = {
  tag: {
    name: "DeepL compatibility",
    description:
      "DeepL's API v2 on Glossa keys (docs/compatible-apis.md): `Authorization: DeepL-Auth-Key <Glossa key>`; also under `/engines/{engineId}` to pin the engine.",
  },
  async mount(app, deps) {
    await app.register(deeplCompatRoutes(deps, false));
    await app.register(deeplCompatRoutes(deps, true), { prefix: "/engines/:engineId" });
  },
};
