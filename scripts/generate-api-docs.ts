// `npm run docs:api`: regenerates docs/api.md from the OpenAPI document the server builds.
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { API_DOCS_PATH, apiMarkdown } from "./api-docs/api-markdown.js";

const target = fileURLToPath(new URL(`../${API_DOCS_PATH}`, import.meta.url));
await writeFile(target, await apiMarkdown());
console.log(`wrote ${API_DOCS_PATH}`);
