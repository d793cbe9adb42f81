import { describe, expect, it } from "vitest";
import { DeadlineLane } from "../../src/services/cache/deadline-lane.js";

/** A task that runs until `finish()` is called. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish, work: () => done.then(() => "held") };
}

describe("DeadlineLane: at most `width` tasks at once; a task still waiting at its deadline is not run", () => {
  it("runs tasks at once while places are free", async () => {
    const lane = new DeadlineLane(2);
    const far = performance.now() + 60_000;
    const [a, b] = [held(), held()];
    const first = lane.run(far, a.work);
    const second = lane.run(far, b.work);
    a.finish();
    b.finish();
    expect(await Promise.all([first, second])).toEqual(["held", "held"]);
  });

  it("a waiting task runs when a place is handed over, in order of arrival", async () => {
    const lane = new DeadlineLane(1);
    const far = performance.now() + 60_000;
    const order: string[] = [];
    const a = held();
    const first = lane.run(far, async () => (order.push("a"), a.work()));
    const second = lane.run(far, async () => (order.push("b"), "b"));
    const third = lane.run(far, async () => (order.push("c"), "c"));
    await Promise.resolve();
    expect(order).toEqual(["a"]);
    a.finish();
    expect(await Promise.all([first, second, third])).toEqual(["held", "b", "c"]);
    expect(order).toEqual(["a", "b", "c"]);
  });

  it("a task whose deadline has passed while every place is taken is skipped (undefined), not run", async () => {
    const lane = new DeadlineLane(1);
    const a = held();
    const first = lane.run(performance.now() + 60_000, a.work);
    let ran = false;
    expect(await lane.run(performance.now() - 1, async () => (ran = true))).toBeUndefined();
    expect(await lane.run(performance.now() + 20, async () => (ran = true))).toBeUndefined();
    expect(ran).toBe(false);
    a.finish();
    await first;
    // The place came back: the next task runs at once, even with its deadline already past.
    expect(await lane.run(performance.now() - 1, async () => "free")).toBe("free");
  });

  it("a failing task gives its place back", async () => {
    const lane = new DeadlineLane(1);
    await expect(lane.run(performance.now() + 60_000, () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await lane.run(performance.now() + 60_000, async () => "next")).toBe("next");
  });
});
