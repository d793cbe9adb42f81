import type { CompatApi } from "./compat-api.js";
import { deeplApi } from "./deepl/index.js";
import { libreTranslateApi } from "./libretranslate/index.js";
import { lingoApi } from "./lingo/index.js";

/**
 * Every compatible API this server speaks, mounted in this order. Adding one: its folder here and
 * this line, plus its entry in contract/protocols.ts when it is counted apart in usage or owns
 * paths (docs/ARCHITECTURE.md, "Add a protocol").
 */
export const COMPAT_APIS: readonly CompatApi[] = [lingoApi, deeplApi, libreTranslateApi];
