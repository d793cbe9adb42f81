import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EngineWait } from "../../src/observability/engine-wait.js";

describe("engine wait: wall time with at least one provider call running", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sequential calls add up", () => {
    const wait = new EngineWait();
    const first = wait.begin();
    vi.advanceTimersByTime(300);
    first();
    vi.advanceTimersByTime(50); // the pipeline's own work between calls
    const second = wait.begin();
    vi.advanceTimersByTime(200);
    second();
    expect(wait.ms).toBe(500);
  });

  it("overlapping calls (chunks in parallel) count once", () => {
    const wait = new EngineWait();
    const a = wait.begin();
    vi.advanceTimersByTime(100);
    const b = wait.begin();
    vi.advanceTimersByTime(400);
    a();
    vi.advanceTimersByTime(100);
    b();
    vi.advanceTimersByTime(1000);
    expect(wait.ms).toBe(600);
  });

  it("a call still running counts up to now; ending a call twice changes nothing", () => {
    const wait = new EngineWait();
    const a = wait.begin();
    vi.advanceTimersByTime(250);
    expect(wait.ms).toBe(250);
    a();
    a();
    const b = wait.begin();
    vi.advanceTimersByTime(100);
    a();
    vi.advanceTimersByTime(100);
    expect(wait.ms).toBe(450);
    b();
    expect(wait.ms).toBe(450);
  });
});
