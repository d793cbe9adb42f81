import type { CompatApi } from "../compat-api.js";
import { libreTranslateCompatRoutes } from "./libre-routes.js";

/** LibreTranslate's API on Glossa keys (docs/compatible-apis.md#libretranslate). */
export const libreTranslateApi: CompatApi = {
  tag: {
    name: "LibreTranslate compatibility",
    description:
      'LibreTranslate\'s API on Glossa keys, at `/libretranslate` and `/engines/{engineId}/libretranslate` (docs/compatible-apis.md#libretranslate): its fields, answers and `{"error"}` refusals.',
  },
  async mount(app, deps) {
    await app.register(libreTranslateCompatRoutes(deps));
  },
};
