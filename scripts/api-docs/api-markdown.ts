import { renderApiMarkdown } from "./markdown.js";
import { openApiDocument } from "./openapi-document.js";

/** Where the API reference lives in the repository, relative to its root. */
export const API_DOCS_PATH = "docs/api.md";

/** docs/api.md as the current routes and contract describe it. */
export async function apiMarkdown(): Promise<string> {
  return renderApiMarkdown(await openApiDocument());
}
