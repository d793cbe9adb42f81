import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A modes directory of this test's own, whose `eng-spa` mode is one program that stands in for
 * an Apertium pipeline in null-flush mode: it answers each NUL-terminated request with
 * `echo <request>` and a NUL, never answers a request containing "hang", answers one containing
 * "twice" with two answers, and logs every request it reads (one line each) to `log`.
 */
export interface ApertiumStandIn {
  modesDir: string;
  /** The requests the stand-in programs have read so far. */
  requests(): Promise<string[]>;
  remove(): Promise<void>;
}

export async function apertiumStandIn(): Promise<ApertiumStandIn> {
  const dir = await mkdtemp(join(tmpdir(), "glossa-apertium-stand-in-"));
  const log = join(dir, "requests.log");
  const program = join(dir, "stand-in.mjs");
  await writeFile(
    program,
    `#!${process.execPath}
import { appendFileSync } from "node:fs";
let buffer = Buffer.alloc(0);
process.stdin.on("data", (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (let end = buffer.indexOf(0); end >= 0; end = buffer.indexOf(0)) {
    const request = buffer.subarray(0, end).toString("utf8");
    buffer = buffer.subarray(end + 1);
    appendFileSync(${JSON.stringify(log)}, JSON.stringify(request) + "\\n");
    if (request.includes("hang")) {
      process.stdin.pause();
      setInterval(() => {}, 60_000);
      return;
    }
    const answer = "echo " + request + "\\0";
    process.stdout.write(request.includes("twice") ? answer + "stray output\\0" : answer);
  }
});
`,
  );
  await chmod(program, 0o755);
  await writeFile(join(dir, "eng-spa.mode"), `'${program}'\n`);
  return {
    modesDir: dir,
    async requests() {
      const text = await readFile(log, "utf8").catch(() => "");
      return text
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as string);
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
