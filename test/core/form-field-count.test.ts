import { describe, expect, it } from "vitest";
import {
  countMultipartParts,
  countUrlencodedFields,
  multipartBoundary,
} from "../../src/core/limits/form-field-count.js";

/** Issue 40: a form's fields are counted before it is parsed, and the count stops past the cap. */
describe("countUrlencodedFields", () => {
  it.each([
    ["", 0],
    ["q=a", 1],
    ["q=a&q=b&source=en", 3],
    ["q=a%26b", 1],
  ])("%j has %i fields", (text, count) => expect(countUrlencodedFields(text, 10)).toBe(count));
  it("stops one past the cap", () => expect(countUrlencodedFields("q=a&".repeat(1000), 10)).toBe(11));
});

describe("countMultipartParts", () => {
  const body = async (parts: number) => {
    const form = new FormData();
    for (let i = 0; i < parts; i++) form.append("q", `text ${i}`);
    const request = new Request("http://x/", { method: "POST", body: form });
    const contentType = request.headers.get("content-type")!;
    return { bytes: new Uint8Array(await request.arrayBuffer()), boundary: multipartBoundary(contentType)! };
  };
  it.each([1, 3, 50])("counts %i parts", async (parts) => {
    const { bytes, boundary } = await body(parts);
    expect(countMultipartParts(bytes, boundary, 100)).toBe(parts);
  });
  it("stops one past the cap", async () => {
    const { bytes, boundary } = await body(500);
    expect(countMultipartParts(bytes, boundary, 10)).toBe(11);
  });
  it("reads quoted and bare boundaries, and none", () => {
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("multipart/form-data; charset=utf-8; boundary=xyz")).toBe("xyz");
    expect(multipartBoundary("multipart/form-data")).toBeNull();
  });
});
