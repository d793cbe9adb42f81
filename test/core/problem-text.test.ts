import { describe, expect, it } from "vitest";
import { problemText } from "../../src/core/errors/problem-text.js";

describe("problemText: a refusal in one line for the dashboard (issue 26 item 3)", () => {
  it("says a refused webhook URL once, not once in the message and again from the field error", () => {
    const reason = "resolves to a loopback, private or link-local address (GLOSSA_WEBHOOK_ALLOW_PRIVATE allows it)";
    const message = `The webhook URL ${reason}.`;
    const text = problemText(message, [{ path: "/url", message: reason }]);
    expect(text).toBe(message);
  });

  it("still lists field errors the message does not already say", () => {
    expect(
      problemText("name: must not be empty (and 1 more in errors[])", [
        { path: "/name", message: "must not be empty" },
        { path: "/events/0", message: "must be one of the event types" },
      ]),
    ).toBe("name: must not be empty (and 1 more in errors[]) (/events/0: must be one of the event types)");
  });

  it("is the message alone without field errors", () => {
    expect(problemText("Sign in first.", [])).toBe("Sign in first.");
  });
});
