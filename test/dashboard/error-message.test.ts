import { describe, expect, it } from "vitest";
import { ApiError, errorMessage } from "../../web/src/api/http.js";

describe("the dashboard's error text (issue 26 item 3)", () => {
  it("says a refused webhook URL once, not once in the message and again from the field error", () => {
    const refusal = new ApiError(
      400,
      "invalid_request",
      "The webhook URL resolves to a loopback, private or link-local address (GLOSSA_WEBHOOK_ALLOW_PRIVATE allows it).",
      [
        {
          path: "/url",
          message: "resolves to a loopback, private or link-local address (GLOSSA_WEBHOOK_ALLOW_PRIVATE allows it)",
        },
      ],
    );
    const text = errorMessage(refusal);
    expect(text.match(/resolves to a loopback/g)).toHaveLength(1);
    expect(text).toBe(refusal.message);
  });

  it("still lists field errors the message does not already say", () => {
    const malformed = new ApiError(400, "invalid_request", "name: must not be empty (and 1 more in errors[])", [
      { path: "/name", message: "must not be empty" },
      { path: "/events/0", message: "must be one of the event types" },
    ]);
    expect(errorMessage(malformed)).toBe(
      "name: must not be empty (and 1 more in errors[]) (/events/0: must be one of the event types)",
    );
  });
});
