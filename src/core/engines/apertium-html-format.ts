/**
 * Apertium's HTML format in TypeScript: what `apertium-deshtml` and `apertium-rehtml` (Apertium
 * 3.8) do to the documents Glossa sends, so that no program has to start per request for them
 * (docs/engines.md, "How Apertium runs"). Pure functions; `test/core/apertium-html-format.test.ts`
 * holds the rules and compares both with the installed programs when there are any.
 *
 * The documents are Glossa's masked text (`markers.ts`): text escaped with `&amp;`, `&lt;` and
 * `&gt;`, empty `<g-p i="N"/>` elements and the block elements that separate strings. For them
 * the deformatter gives byte for byte what `apertium-deshtml` gives. Two differences elsewhere: the
 * entities of the format's table (`&eacute;`, `&#233;`, `&laquo;`…) become their characters
 * (Apertium 3.8's deformatter writes each UTF-8 byte of them as a character of its own, `é` →
 * `ￃﾩ`), and a formatting block longer than 8,192 characters stays in the stream instead of
 * going to a temporary file. `<script>`, `<style>` and `<!--` sections, which the masked text
 * cannot contain (its `<` are escaped), are read as tags.
 */

/** Characters Apertium's stream format reserves: escaped with a backslash in text and in blocks. */
const RESERVED = /[[\]^@\\/${}]/g;
const RESERVED_CHARS = new Set([..."[]^@\\/${}"]);
/** Characters that are formatting, not text (the format's `space-chars`): they join a formatting block. */
const FORMAT_CHARS = new Set([" ", "\n", "\t", "\r", "<", ">", "~"]);
/** An element, as the format reads tags: `<` and a letter up to the first `>`. */
const TAG = /<\/?[a-zA-Z][^>]*>/y;
/** Elements that end a sentence (the format's `eos="yes"` rules). */
const SENTENCE_END = /^<\/?(?:br|hr|p|li|ul|ol|tr|td|th|div|option|title|h[1-6])[ >]/i;
/** An entity the format keeps as formatting (`&amp;`, `&lt;`, `&gt;`…). */
const ENTITY = /&(?:[a-z]+|#x[0-9a-f]{1,4}|#[0-9]{1,8});/iy;

/**
 * The entities the format decodes (its `replacement-rule`): Latin-1 letters, `·`, `«`, `»` by name,
 * decimal and two-digit hexadecimal number (upper or lower case); `&rsquo;` and `&#39;` as an
 * apostrophe; Esperanto's letters by decimal number. Any other entity stays formatting.
 */
const DECODED = (() => {
  const names =
    "Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde " +
    "Ograve Oacute Ocirc Otilde Ouml Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde " +
    "auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde " +
    "ouml oslash ugrave uacute ucirc uuml yacute thorn yuml";
  const latin = names.split(" ").map((name, index) => {
    const code = 0xc0 + index + (index >= 23 ? 1 : 0) + (index >= 54 ? 1 : 0); // × and ÷ have no entry
    return [name, code] as const;
  });
  const map = new Map<string, string>([
    ["&rsquo;", "'"],
    ["&#39;", "'"],
  ]);
  for (const [name, code] of [...latin, ["middot", 0xb7], ["laquo", 0xab], ["raquo", 0xbb]] as const) {
    const char = String.fromCodePoint(code);
    const hex = code.toString(16);
    for (const entity of [name, `#${code}`, `#x${hex.toUpperCase()}`, `#x${hex}`]) map.set(`&${entity};`, char);
  }
  for (const code of [264, 265, 284, 285, 292, 293, 308, 309, 348, 349, 364, 365])
    map.set(`&#${code};`, String.fromCodePoint(code));
  return map;
})();

const escapeReserved = (text: string) => text.replace(RESERVED, "\\$&");

/**
 * Apertium's stream format of an HTML document, as `apertium-deshtml` writes it: text with its
 * reserved characters escaped; tags, entities and runs of formatting characters as one
 * "superblank" `[…]` (a single space stays a space); `.[]` where a block element ends a sentence
 * and at the end; a `{{…}}` section kept whole as formatting.
 */
export function deformatHtml(html: string): string {
  let out = "";
  let block = "";
  let endsSentence = false;
  const flush = () => {
    if (endsSentence) out += ".[]";
    endsSentence = false;
    if (block.length > 1 || (block.length === 1 && block !== " ")) out += `[${escapeReserved(block)}]`;
    else out += block;
    block = "";
  };
  let index = 0;
  while (index < html.length) {
    const char = html[index]!;
    if (char === "<") {
      TAG.lastIndex = index;
      const tag = TAG.exec(html)?.[0];
      if (tag) {
        if (SENTENCE_END.test(tag)) endsSentence = true;
        block += tag;
        index += tag.length;
        continue;
      }
    } else if (char === "&") {
      ENTITY.lastIndex = index;
      const entity = ENTITY.exec(html)?.[0];
      const decoded = entity && DECODED.get(entity);
      if (decoded) {
        flush();
        out += decoded;
        index += entity.length;
        continue;
      }
      if (entity) {
        block += entity;
        index += entity.length;
        continue;
      }
    } else if (char === "{" && html[index + 1] === "{") {
      const end = html.indexOf("}}", index + 2);
      const stop = end < 0 ? html.length : end + 2;
      block += html.slice(index, stop);
      index = stop;
      continue;
    }
    if (FORMAT_CHARS.has(char)) block += char;
    else {
      flush();
      out += RESERVED_CHARS.has(char) ? `\\${char}` : char;
    }
    index++;
  }
  endsSentence = true;
  flush();
  return out;
}

/** `.[]`, a reserved character's escape, or a superblank's bracket: what the reformatter removes. */
const STREAM_SYNTAX = /\.\[\]|\\([[\]^@\\/${}])|[[\]]/g;

/**
 * The HTML of Apertium's translated stream, as `apertium-rehtml` writes it: superblanks' brackets
 * and the `.[]` sentence ends dropped, escapes undone. (`apertium-rehtml` also reads a `[@file]`
 * block from a temporary file; the deformatter above never writes one, so it is not read here.)
 */
export function reformatHtml(stream: string): string {
  return stream.replace(STREAM_SYNTAX, (_, escaped: string | undefined) => escaped ?? "");
}
