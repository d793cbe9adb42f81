/**
 * OpenAI-compatible stand-ins for the fidelity bench, on loopback, answering with the human
 * translations of the catalogue entries:
 *  - oracle: each item gets the human translation of its source;
 *  - swapper: the same, with the first two printf conversions exchanged where the human text has
 *    two different non-positional ones (a careless model);
 *  - capitaliser: the same, with the first word upper-cased where it is prose (a model that sees sentences).
 * Glossa may send an item changed (printf arguments numbered `%1$s`, edges trimmed): the item is
 * mapped back to its catalogue source and the human translation re-expressed in the item's own
 * tokens (non-positional conversions numbered in order; a human text already positional keeps
 * its numbers).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { capitaliseFirstWord } from "./measures.js";
import { printfConversions, swapFirstTwo, toPositional, withoutPositions } from "./printf.js";

export type StandInMode = "oracle" | "swapper" | "capitaliser";

/** Human texts whose first two conversions are non-positional and different: what the swapper swaps. */
export function swappable(human: string): boolean {
  const [first, second] = printfConversions(human);
  return (
    !!first && !!second && first.position === undefined && second.position === undefined && first.spec !== second.spec
  );
}

/** The human translations by source, and by trimmed source (with that source) for items sent changed. */
export function humanLookup(humanBySource: ReadonlyMap<string, string>): {
  exact: ReadonlyMap<string, string>;
  trimmed: ReadonlyMap<string, { source: string; human: string }>;
} {
  return {
    exact: humanBySource,
    trimmed: new Map([...humanBySource].map(([source, human]) => [source.trim(), { source, human }])),
  };
}

const edgesOf = (text: string) => /^(\s*)[\s\S]*?(\s*)$/.exec(text)!.slice(1, 3) as [string, string];

/** The stand-in's answer to one item, or undefined when the item maps to no catalogue source. */
export function answerItem(
  mode: StandInMode,
  text: string,
  lookup: ReturnType<typeof humanLookup>,
): string | undefined {
  const exact = lookup.exact.get(text);
  const found = exact === undefined ? lookup.trimmed.get(withoutPositions(text).trim()) : undefined;
  const human = exact ?? found?.human;
  if (human === undefined) return undefined;
  let answer = human;
  if (found) {
    // Sent with the source's own edges (only its conversions numbered): the human's edges, as the
    // human wrote them for that source; sent with other edges (trimmed): the edges Glossa sent.
    const sent = edgesOf(text);
    const source = edgesOf(found.source);
    const [lead, trail] = sent[0] === source[0] && sent[1] === source[1] ? edgesOf(human) : sent;
    const positional = printfConversions(text).some((c) => c.position !== undefined);
    answer = lead + (positional ? toPositional(human.trim()) : human.trim()) + trail;
  }
  if (mode === "swapper" && swappable(human)) answer = swapFirstTwo(answer);
  if (mode === "capitaliser") answer = capitaliseFirstWord(answer);
  return answer;
}

export interface StandIn {
  url: string;
  /** Items that matched no catalogue source (answered unchanged). */
  unknownItems(): number;
  close(): Promise<void>;
}

export async function startStandIn(mode: StandInMode, humanBySource: ReadonlyMap<string, string>): Promise<StandIn> {
  let unknown = 0;
  const lookup = humanLookup(humanBySource);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const items = JSON.parse(body.messages[1].content).items as { id: string; text: string }[];
      const translations = items.map((item) => {
        const answer = answerItem(mode, item.text, lookup);
        if (answer === undefined) unknown++;
        return { id: item.id, text: answer ?? item.text };
      });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          choices: [
            {
              index: 0,
              message: { role: "assistant", content: JSON.stringify({ translations }) },
              finish_reason: "stop",
            },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    unknownItems: () => unknown,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
