import { toPointer } from "./json-pointer.js";

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function isObject(value: Json): value is { [key: string]: Json } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every string leaf of `value`, keyed by its JSON Pointer, in document order. */
export function flattenStrings(value: Json): Map<string, string> {
  const strings = new Map<string, string>();
  const walk = (node: Json, path: (string | number)[]) => {
    if (typeof node === "string") strings.set(toPointer(path), node);
    else if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...path, index]));
    else if (isObject(node)) for (const key of Object.keys(node)) walk(node[key]!, [...path, key]);
  };
  walk(value, []);
  return strings;
}

/**
 * A copy of `source` with only the strings at `pointers` (the shape kept around them, so that an
 * engine still sees keys as context). Objects lose the members that hold none of them; arrays keep
 * their length with null in the other places, so that indices still match.
 */
export function pickStrings(source: Json, pointers: ReadonlySet<string>): Json {
  const pick = (node: Json, path: (string | number)[]): Json | undefined => {
    if (typeof node === "string") return pointers.has(toPointer(path)) ? node : undefined;
    if (Array.isArray(node)) {
      const items = node.map((item, index) => pick(item, [...path, index]));
      return items.some((item) => item !== undefined) ? items.map((item) => item ?? null) : undefined;
    }
    if (isObject(node)) {
      const picked: { [key: string]: Json } = {};
      for (const key of Object.keys(node)) {
        const child = pick(node[key]!, [...path, key]);
        if (child !== undefined)
          Object.defineProperty(picked, key, { value: child, enumerable: true, writable: true, configurable: true });
      }
      return Object.keys(picked).length > 0 ? picked : undefined;
    }
    return undefined;
  };
  return pick(source, []) ?? (Array.isArray(source) ? [] : {});
}

/** `source` with each string leaf replaced by `replacements.get(pointer)`; everything else copied as is. */
export function replaceStrings(source: Json, replacements: ReadonlyMap<string, string>): Json {
  const replace = (node: Json, path: (string | number)[]): Json => {
    if (typeof node === "string") return replacements.get(toPointer(path)) ?? node;
    if (Array.isArray(node)) return node.map((item, index) => replace(item, [...path, index]));
    if (isObject(node)) {
      const copy: { [key: string]: Json } = {};
      for (const key of Object.keys(node)) {
        Object.defineProperty(copy, key, {
          value: replace(node[key]!, [...path, key]),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return copy;
    }
    return node;
  };
  return replace(source, []);
}
