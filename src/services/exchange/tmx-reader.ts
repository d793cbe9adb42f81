import type { AppError } from "../../core/errors/app-error.js";
import { MAX_SEGMENT_LENGTH, type TmxUnit, type TmxVariant } from "../../core/exchange/tmx-unit.js";
import type { XmlHandler } from "./xml-reader.js";

/** Inline elements whose content is the original code of the segment (TMX 1.4b §3.7). */
const CODE_ELEMENTS = new Set(["ph", "bpt", "ept", "it", "ut"]);
/** Most `<tuv>` of one `<tu>` that are read; the others are counted as ignored. */
const MAX_VARIANTS = 200;

export interface TmxIgnored {
  properties: number;
  notes: number;
  variants: number;
}

/**
 * The TMX 1.4b reading of a SAX event stream: a `<tmx>` root, the header's `srclang`, and every
 * `<tu>` handed to `onUnit` once closed. A segment's text is all of its character data: text
 * outside inline elements is plain text, and the content of `<ph>`, `<bpt>`, `<ept>`, `<it>` and
 * `<ut>` is the original code (`{name}`, `<b>`), which is what Glossa's own strings hold; `<hi>`
 * and `<sub>` add no code. Properties and notes have no place in Glossa's memory and are counted.
 */
export class TmxReader implements XmlHandler {
  readonly ignored: TmxIgnored = { properties: 0, notes: 0, variants: 0 };
  private srclang: string | null = null;
  private path: string[] = [];
  private unit: TmxUnit | null = null;
  private variant: TmxVariant | null = null;
  private segment: { parts: string[]; length: number; codeDepth: number; codeText: boolean } | null = null;

  constructor(
    private readonly onUnit: (unit: TmxUnit) => void,
    private readonly refuse: (reason: string) => AppError,
  ) {}

  open(name: string, attributes: Readonly<Record<string, string>>): void {
    const parent = this.path[this.path.length - 1];
    this.path.push(name);
    if (this.path.length === 1) {
      if (name !== "tmx") throw this.refuse(`the root element is <${name}>, not <tmx> (is this a TMX file?)`);
      return;
    }
    if (this.segment) return this.openInline(name);
    if (name === "header" && parent === "tmx") this.srclang = attributes.srclang ?? null;
    else if (name === "tu" && parent === "body")
      this.unit = { srclang: attributes.srclang ?? this.srclang, variants: [] };
    else if (name === "tuv" && parent === "tu" && this.unit) {
      if (this.unit.variants.length >= MAX_VARIANTS) {
        this.ignored.variants++;
        return;
      }
      this.variant = {
        lang: attributes["xml:lang"] ?? attributes.lang ?? null,
        text: null,
        emptyCode: false,
        tooLong: false,
      };
      this.unit.variants.push(this.variant);
    } else if (name === "seg" && parent === "tuv" && this.variant)
      this.segment = { parts: [], length: 0, codeDepth: 0, codeText: false };
    else if (name === "prop") this.ignored.properties++;
    else if (name === "note") this.ignored.notes++;
  }

  close(name: string): void {
    this.path.pop();
    if (this.segment) {
      if (name === "seg") return this.closeSegment();
      if (CODE_ELEMENTS.has(name)) {
        if (!this.segment.codeText) this.variant!.emptyCode = true;
        this.segment.codeDepth--;
      }
      return;
    }
    if (name === "tuv") this.variant = null;
    else if (name === "tu" && this.unit) {
      const unit = this.unit;
      this.unit = null;
      this.onUnit(unit);
    }
  }

  text(text: string): void {
    const segment = this.segment;
    if (!segment || this.variant!.tooLong) return;
    segment.length += text.length;
    if (segment.length > MAX_SEGMENT_LENGTH) {
      this.variant!.tooLong = true;
      segment.parts = [];
      return;
    }
    if (segment.codeDepth > 0 && text.length > 0) segment.codeText = true;
    segment.parts.push(text);
  }

  private openInline(name: string): void {
    if (!CODE_ELEMENTS.has(name)) return;
    this.segment!.codeDepth++;
    this.segment!.codeText = false;
  }

  private closeSegment(): void {
    if (!this.variant!.tooLong) this.variant!.text = this.segment!.parts.join("");
    this.segment = null;
  }
}
