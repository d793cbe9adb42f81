import { packageVersion } from "../../config/package-version.js";

/** What every provider request says it comes from (DeepL and others ask clients to name themselves). */
export const PROVIDER_USER_AGENT = `glossa/${packageVersion()}`;
