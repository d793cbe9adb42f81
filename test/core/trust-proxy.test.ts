import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "../../src/config/trust-proxy.js";

describe("GLOSSA_TRUST_PROXY (issue 13 item 10: never trust every hop)", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["0", false],
    ["true", 1],
    ["1", 1],
    ["2", 2],
    ["10.0.0.0/8", ["10.0.0.0/8"]],
    ["10.0.0.1, 192.168.0.0/16,fd00::/8", ["10.0.0.1", "192.168.0.0/16", "fd00::/8"]],
  ])("%j → %j", (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
  });

  it.each(["yes", "10.0.0.0/33", "example.com", "::1/129", "99", "10.0.0.1,,nope"])("refuses %j", (raw) => {
    expect(() => parseTrustProxy(raw)).toThrow(/GLOSSA_TRUST_PROXY/);
  });
});
