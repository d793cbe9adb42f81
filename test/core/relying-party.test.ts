import { describe, expect, it } from "vitest";
import { relyingPartyOf } from "../../src/core/account/relying-party.js";

describe("relyingPartyOf: the WebAuthn RP ID and origin come from configuration, never the Host header", () => {
  it.each([
    [
      "the public URL",
      "https://glossa.example.com/",
      "0.0.0.0",
      8787,
      "glossa.example.com",
      "https://glossa.example.com",
    ],
    [
      "a public URL with a port",
      "http://glossa.internal:8080",
      "0.0.0.0",
      8787,
      "glossa.internal",
      "http://glossa.internal:8080",
    ],
    ["loopback without a public URL", undefined, "127.0.0.1", 8787, "localhost", "http://localhost:8787"],
    ["all interfaces without a public URL", undefined, "0.0.0.0", 9000, "localhost", "http://localhost:9000"],
    ["a named listen host", undefined, "glossa.lan", 8787, "glossa.lan", "http://glossa.lan:8787"],
  ] as const)("%s", (_case, publicUrl, listenHost, listenPort, rpId, origin) => {
    expect(relyingPartyOf({ publicUrl, listenHost, listenPort })).toEqual({ rpId, origin });
  });
});
