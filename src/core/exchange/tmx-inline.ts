import { splitProtected } from "../content/protected-segments.js";
import { xmlEscape } from "./xml-text.js";

const OPENING_TAG = /^<([A-Za-z][\w:.-]*)(?:\s[^<>]*)?(?<!\/)>$/;
const CLOSING_TAG = /^<\/([A-Za-z][\w:.-]*)\s*>$/;

type Code =
  | { kind: "text"; value: string }
  | { kind: "ph"; value: string }
  | { kind: "bpt" | "ept"; value: string; pair: number }
  | { kind: "it"; value: string; pos: "begin" | "end" };

/**
 * TMX 1.4b `<seg>` content for a Glossa string: text stays text, each token Glossa protects
 * becomes inline markup holding its original text, so that a TMX tool sees it as code and
 * every reader that takes a segment's text gets the original string back. A paired opening
 * and closing tag (`<b>` … `</b>`) becomes `<bpt>`/`<ept>`, an unpaired one `<it>`, every
 * other token (`{name}`, `%s`, `<br/>`) `<ph>`.
 */
export function tmxSegment(text: string): string {
  const codes: Code[] = [];
  const open: { name: string; index: number }[] = [];
  for (const segment of splitProtected(text)) {
    if (segment.kind === "text") {
      codes.push({ kind: "text", value: segment.value });
      continue;
    }
    const opening = OPENING_TAG.exec(segment.value);
    const closing = CLOSING_TAG.exec(segment.value);
    if (opening) {
      open.push({ name: opening[1]!, index: codes.length });
      codes.push({ kind: "it", value: segment.value, pos: "begin" });
    } else if (closing) {
      const at = open.map((entry) => entry.name).lastIndexOf(closing[1]!);
      if (at === -1) {
        codes.push({ kind: "it", value: segment.value, pos: "end" });
        continue;
      }
      const [opener] = open.splice(at);
      const pair = codes.filter((code) => code.kind === "bpt").length + 1;
      codes[opener!.index] = { kind: "bpt", value: codes[opener!.index]!.value, pair };
      codes.push({ kind: "ept", value: segment.value, pair });
    } else codes.push({ kind: "ph", value: segment.value });
  }
  let x = 0;
  return codes
    .map((code) => {
      const value = xmlEscape(code.value);
      switch (code.kind) {
        case "text":
          return value;
        case "ph":
          return `<ph x="${++x}">${value}</ph>`;
        case "bpt":
          return `<bpt i="${code.pair}" x="${++x}">${value}</bpt>`;
        case "ept":
          return `<ept i="${code.pair}">${value}</ept>`;
        case "it":
          return `<it pos="${code.pos}" x="${++x}">${value}</it>`;
      }
    })
    .join("");
}
