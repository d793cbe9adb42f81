import { describe, expect, it } from "vitest";
import { serveBanner } from "../../src/cli/serve-banner.js";

describe("the serve banner", () => {
  const facts = { url: "http://127.0.0.1:8787", store: "embedded, in ./data", version: "1.2.3" };

  it("names the version, the dashboard URL and the store", () => {
    const banner = serveBanner({ ...facts, needsAdmin: false });
    expect(banner).toContain("Glossa 1.2.3 is running");
    expect(banner).toContain("http://127.0.0.1:8787/");
    expect(banner).toContain("embedded, in ./data");
    expect(banner).not.toContain("No user exists yet");
  });

  it("says how to create the first admin when there is no user", () => {
    expect(serveBanner({ ...facts, needsAdmin: true })).toMatch(/No user exists yet[\s\S]*GLOSSA_ADMIN_EMAIL/);
  });

  it("names the public URL people open behind a proxy, and where it listens", () => {
    const banner = serveBanner({ ...facts, publicUrl: "https://glossa.example.com/", needsAdmin: false });
    expect(banner).toContain("Dashboard and API   https://glossa.example.com/\n");
    expect(banner).toContain("Listening on        http://127.0.0.1:8787");
    expect(banner).toContain("https://glossa.example.com/mcp");
  });
});
