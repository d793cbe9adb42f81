import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ApertiumStopped } from "../../src/engines/apertium/apertium-cli.js";
import { ApertiumPipelines } from "../../src/engines/apertium/apertium-pipelines.js";
import { apertiumProvider } from "../../src/engines/apertium/apertium-provider.js";
import { ProviderError } from "../../src/engines/provider-error.js";
import { apertiumHtmlOneShot } from "../support/apertium-one-shot.js";
import { apertiumStandIn, type ApertiumStandIn } from "./support/apertium-stand-in.js";
import { providerContext } from "./support/context.js";

/** What Apertium's HTML format makes of `html` in eng-spa, each program started for this document alone. */
const oneShot = (html: string) => apertiumHtmlOneShot("eng-spa", html);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until none of `pids` is a process any more (killed and reaped). */
async function gone(pids: number[]): Promise<void> {
  await vi.waitFor(() => expect(pids.filter(isRunning)).toEqual([]), { timeout: 5_000 });
}

/** Documents as the provider builds them: Glossa's markers, separators, entities, tags, several paragraphs. */
const DOCUMENTS = [
  "The cat is black",
  'Hello <g-p i="0"/>, you have <g-p i="1"/> new messages<hr data-glossa-split="0">invalid user<hr data-glossa-split="1">',
  'Tom &amp; Jerry &lt;3 the &quot;big&quot; house &#233;t&eacute; &nbsp;now<hr data-glossa-split="0">',
  "<p>First paragraph about files.</p>\n\n<p>Second paragraph: the directory does not exist.</p>\n<p>Third one, with <b>bold</b> and <i>italic</i> words.</p>",
  'Cannot open %s: permission denied<hr data-glossa-split="0"> Big dog <hr data-glossa-split="1">Glossa xyzzyqwerty frobnicates the widget<hr data-glossa-split="2">',
  "Él dijo: «¿dónde está?» — it's   spaced\tout\n\nand    the end.  ",
  "",
];

/**
 * UI strings as they are on every Debian machine: the msgids of coreutils' Spanish catalogue, read
 * at run time (msgstrs emptied by `msgfilter`, filled with the msgids by `msgen`, printed each
 * followed by a NUL by `msgexec 0`).
 */
function coreutilsMessages(): string[] {
  const catalogue = "/usr/share/locale/es/LC_MESSAGES/coreutils.mo";
  if (!existsSync(catalogue)) throw new Error(`${catalogue} is missing (Debian's coreutils ships it)`);
  const po = execFileSync("msgunfmt", [catalogue], { stdio: "pipe" });
  // msgen fills only empty msgstrs: the Spanish ones are emptied first.
  const untranslated = execFileSync("msgfilter", ["-i", "-", "sed", "-e", "d"], { input: po, stdio: "pipe" });
  const english = execFileSync("msgen", ["-"], { input: untranslated, stdio: "pipe" });
  const messages = execFileSync("msgexec", ["-i", "-", "0"], { input: english, stdio: "pipe" }).toString("utf8");
  return [...new Set(messages.split("\0"))].filter((text) => text.trim() !== "" && !text.includes("\n"));
}

describe("warm Apertium pipelines (eng-spa)", () => {
  const pool = new ApertiumPipelines({ maxPipelines: 2 });
  afterAll(() => pool.shutdown());

  it("answers exactly what a one-shot run of the same programs answers (deshtml, the mode, rehtml)", async () => {
    // Apertium 3.8's deformatter writes each UTF-8 byte of `&eacute;`/`&#233;` as a character of its
    // own (`ￃﾩ`); Glossa's decodes them (docs/engines.md): the one-shot run gets them as `é`.
    const decoded = (document: string) => document.replaceAll("&eacute;", "é").replaceAll("&#233;", "é");
    const expected = (document: string) => oneShot(decoded(document));
    for (const document of DOCUMENTS) {
      expect(await pool.translateHtml("eng-spa", document, 30_000)).toBe(await expected(document));
    }
    // And again on the same, now warm, pipelines: nothing of one request stays behind for the next.
    const again = await Promise.all(DOCUMENTS.map((document) => pool.translateHtml("eng-spa", document, 30_000)));
    expect(again).toEqual(await Promise.all(DOCUMENTS.map(expected)));
  });

  // About 30 warm requests and as many one-shot runs: 8 s on a quiet machine, over a minute on a loaded one.
  it(
    "translates a text the same whatever the pipeline translated before (the tagger runs per request)",
    { timeout: 240_000 },
    async () => {
      // Debian's apertium-tagger 3.8 in null-flush mode tags the start of a request from the end of the
      // previous one: kept warm, it made most of these chunks come out differently from one-shot runs.
      const messages = coreutilsMessages();
      const documents = Array.from({ length: Math.ceil(messages.length / 50) }, (_, chunk) =>
        messages
          .slice(chunk * 50, chunk * 50 + 50)
          .map(
            (text, index) =>
              `${text.replaceAll("&", "&amp;").replaceAll("<", "&lt;")}<hr data-glossa-split="${index}">`,
          )
          .join(""),
      );
      const single = new ApertiumPipelines({ maxPipelines: 1 });
      try {
        const warm: string[] = [];
        for (const document of documents) warm.push(await single.translateHtml("eng-spa", document, 60_000));
        const expected: string[] = [];
        for (const document of documents) expected.push(await oneShot(document));
        expect(warm).toEqual(expected);
      } finally {
        single.shutdown();
      }
    },
  );

  it("answers concurrent requests each with its own translation", async () => {
    const texts = Array.from(
      { length: 12 },
      (_, index) => `The cat number ${index} is black<hr data-glossa-split="0">I have ${index * 7} red houses`,
    );
    const expected = await Promise.all(texts.map(oneShot));
    expect(new Set(expected).size).toBe(texts.length);
    const answers = await Promise.all(texts.map((text) => pool.translateHtml("eng-spa", text, 30_000)));
    expect(answers).toEqual(expected);
    expect(pool.size.idle + pool.size.busy).toBeLessThanOrEqual(2);
  });

  it("keeps a pipeline warm between requests and replaces one killed from outside", async () => {
    // After a request the pipeline starts the next request's tagger in a callback of its own (setImmediate).
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    await pool.translateHtml("eng-spa", "The cat is black", 30_000);
    await nextTurn();
    const before = pool.pids();
    expect(before.length).toBeGreaterThan(0);
    await pool.translateHtml("eng-spa", "The dog is white", 30_000);
    // The same processes served it; only the tagger started ahead for it was used up (and replaced).
    expect(before.filter((pid) => !pool.pids().includes(pid))).toHaveLength(1);

    // An operator (or the OOM killer) kills one program of an idle pipeline: the pool notices.
    const victim = before[0]!;
    process.kill(victim, "SIGKILL");
    await vi.waitFor(() => expect(pool.pids()).not.toContain(victim));
    await gone(before.filter((pid) => !pool.pids().includes(pid)));
    expect(await pool.translateHtml("eng-spa", "The cat is black", 30_000)).toBe("El gato es negro");
  });

  it("replaces a pipeline whose tagger, started ahead for the next request, is killed while it waits", async () => {
    const single = new ApertiumPipelines({ maxPipelines: 1 });
    try {
      await single.translateHtml("eng-spa", "The cat is black", 30_000);
      await new Promise((resolve) => setImmediate(resolve));
      const tagger = single
        .pids()
        .find((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").startsWith("apertium-tagger\0"));
      expect(tagger).toBeDefined();
      const pids = single.pids();
      process.kill(tagger!, "SIGKILL");
      // The pipeline closes at once, as when a warm program dies, rather than failing the next request.
      await vi.waitFor(() => expect(single.size).toEqual({ idle: 0, busy: 0 }));
      await gone(pids);
      expect(await single.translateHtml("eng-spa", "The dog is white", 30_000)).toBe("El perro es blanco");
    } finally {
      single.shutdown();
    }
  });

  it("closes idle pipelines after their idle time, leaving no process", async () => {
    const shortLived = new ApertiumPipelines({ maxPipelines: 1, idleMs: 200 });
    await shortLived.translateHtml("eng-spa", "The cat is black", 30_000);
    const pids = shortLived.pids();
    expect(pids.length).toBeGreaterThan(5);
    await vi.waitFor(() => expect(shortLived.size).toEqual({ idle: 0, busy: 0 }), { timeout: 5_000 });
    await gone(pids);
  });

  it("starts a new pipeline after the given number of requests", async () => {
    const recycled = new ApertiumPipelines({ maxPipelines: 1, requestsPerPipeline: 2 });
    try {
      await recycled.translateHtml("eng-spa", "one", 30_000);
      const first = recycled.pids();
      await recycled.translateHtml("eng-spa", "two", 30_000);
      expect(recycled.pids()).toEqual([]);
      await gone(first);
      expect(await recycled.translateHtml("eng-spa", "The cat is black", 30_000)).toBe("El gato es negro");
    } finally {
      recycled.shutdown();
    }
  });

  it("shutdown leaves no process", async () => {
    const closing = new ApertiumPipelines({ maxPipelines: 2 });
    await Promise.all([
      closing.translateHtml("eng-spa", "The cat is black", 30_000),
      closing.translateHtml("eng-spa", "The dog is white", 30_000),
    ]);
    const pids = closing.pids();
    expect(closing.size.idle).toBe(2);
    closing.shutdown();
    expect(closing.pids()).toEqual([]);
    await gone(pids);
  });
});

describe("a pipeline that hangs, dies or is cancelled (a stand-in mode)", () => {
  let standIn: ApertiumStandIn;
  let pool: ApertiumPipelines;
  beforeAll(async () => {
    standIn = await apertiumStandIn();
    pool = new ApertiumPipelines({ modesDir: standIn.modesDir, maxPipelines: 1 });
  });
  afterAll(async () => {
    pool?.shutdown();
    await standIn?.remove();
  });

  it("fails a request that gets no answer within the timeout with a timeout, and the next call works", async () => {
    // Long enough for the next call's new stand-in pipeline to start on a loaded machine.
    const provider = apertiumProvider(providerContext({ timeoutMs: 2_000 }), pool);
    const hanging = await provider
      .translate({ sourceLocale: "en", targetLocale: "es", texts: ["please hang"], hints: [undefined] })
      .catch((error: unknown) => error);
    expect(hanging).toBeInstanceOf(ProviderError);
    expect(hanging).toMatchObject({ failure: "timeout", message: "apertium was stopped: no answer within 2000 ms" });
    expect(pool.pids()).toEqual([]);
    const answer = await provider.translate({
      sourceLocale: "en",
      targetLocale: "es",
      texts: ["hello"],
      hints: [undefined],
    });
    expect(answer.texts).toEqual(["echo hello"]);
  });

  it("kills a pipeline whose program dies mid-request: a server failure, and the next call works", async () => {
    const provider = apertiumProvider(providerContext({ timeoutMs: 30_000 }), pool);
    const failing = provider
      .translate({ sourceLocale: "en", targetLocale: "es", texts: ["hang until killed"], hints: [undefined] })
      .catch((error: unknown) => error);
    await vi.waitFor(async () => expect((await standIn.requests()).at(-1)).toContain("hang until killed"));
    const [program] = pool.pids();
    process.kill(program!, "SIGKILL");
    const error = await failing;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ failure: "server" });
    expect((error as Error).message).toContain("exited with SIGKILL");
    await gone([program!]);
    const answer = await provider.translate({
      sourceLocale: "en",
      targetLocale: "es",
      texts: ["hi"],
      hints: [undefined],
    });
    expect(answer.texts).toEqual(["echo hi"]);
  });

  it("stops a cancelled request at once, kills its pipeline, and a queued cancelled request never runs", async () => {
    const running = new AbortController();
    const queued = new AbortController();
    const first = pool.translateHtml("eng-spa", "hang while running", 30_000, running.signal).catch((e: unknown) => e);
    const second = pool
      .translateHtml("eng-spa", "queued and cancelled", 30_000, queued.signal)
      .catch((e: unknown) => e);
    await vi.waitFor(async () => expect((await standIn.requests()).at(-1)).toContain("hang while running"));
    const [program] = pool.pids();

    queued.abort(new Error("the client went away"));
    expect(await second).toMatchObject({ message: "the client went away" });
    running.abort(new Error("cancelled too"));
    expect(await first).toMatchObject({ message: "cancelled too" });
    await gone([program!]);

    expect(await pool.translateHtml("eng-spa", "after", 30_000)).toBe("echo after");
    const requests = await standIn.requests();
    expect(requests.some((request) => request.includes("queued and cancelled"))).toBe(false);
  });

  it("never lets output beyond a request's answer reach the next request", async () => {
    expect(await pool.translateHtml("eng-spa", "say it twice", 30_000)).toBe("echo say it twice");
    // The stray answer closed that pipeline; the next request is answered by a new one.
    expect(await pool.translateHtml("eng-spa", "next", 30_000)).toBe("echo next");
  });

  it("reports a mode that is not installed without starting anything", async () => {
    const error = await pool.translateHtml("spa-eng", "hola", 30_000).catch((e: unknown) => e);
    expect((error as Error).message).toContain("the Apertium mode spa-eng is not installed");
    expect(error).not.toBeInstanceOf(ApertiumStopped);
  });
});
