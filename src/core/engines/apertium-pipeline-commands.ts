/** One program of an Apertium pipeline, with its arguments, as it is started (no shell). */
export interface PipelineCommand {
  program: string;
  args: string[];
}

export type PipelineParse = { ok: true; commands: PipelineCommand[] } | { ok: false; reason: string };

/**
 * What `$1` and `$2` of a mode file stand for, as the `apertium` script passes them: `$1` is the
 * generator's option (`-n` with `-u`: no marks on unknown words; `-g` without), `$2` the
 * tagger's (empty unless ambiguity is shown). An empty unquoted expansion is no argument at all.
 */
export interface ModeArguments {
  generator: "-n" | "-g";
  tagger: "" | "-m";
}

/** Characters that mean more to a shell than a word or a pipe: a mode file using them is refused. */
const SHELL_SYNTAX = new Set([..."$`;&<>(){}*?[]~#!"]);

/**
 * Parses the pipeline of an Apertium mode file (`lt-proc 'x.bin' | apertium-tagger -g $2 'y.prob'
 * | …`, or what `apertium-wblank-mode` prints for it) into the programs to start, as `sh` would
 * split it: words separated by blanks, programs by `|`, single and double quotes and backslash
 * escapes, `$1` and `$2` standing alone. Anything else a shell would interpret (redirections,
 * `;`, `&`, other expansions, globs) is refused rather than guessed at: the pipeline is started
 * without a shell, so it must mean exactly what the words say.
 */
export function parseModePipeline(text: string, modeArguments: ModeArguments): PipelineParse {
  const commands: string[][] = [[]];
  let word: string | null = null;
  const endWord = () => {
    if (word !== null) commands.at(-1)!.push(word);
    word = null;
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === " " || char === "\t" || char === "\n" || char === "\r") {
      endWord();
    } else if (char === "|") {
      endWord();
      if (text[index + 1] === "|") return refuse(`"||" at ${index}`);
      commands.push([]);
    } else if (char === "'") {
      const end = text.indexOf("'", index + 1);
      if (end < 0) return refuse(`an unclosed single quote at ${index}`);
      word = (word ?? "") + text.slice(index + 1, end);
      index = end;
    } else if (char === '"') {
      let value = "";
      let end = index + 1;
      for (; end < text.length && text[end] !== '"'; end++) {
        const inner = text[end]!;
        if (inner === "$" || inner === "`") return refuse(`an expansion inside double quotes at ${end}`);
        if (inner === "\\" && end + 1 < text.length && '"\\$`\n'.includes(text[end + 1]!)) {
          end++;
          if (text[end] !== "\n") value += text[end];
        } else value += inner;
      }
      if (end >= text.length) return refuse(`an unclosed double quote at ${index}`);
      word = (word ?? "") + value;
      index = end;
    } else if (char === "\\") {
      if (index + 1 >= text.length) return refuse("a backslash at the end");
      index++;
      if (text[index] !== "\n") word = (word ?? "") + text[index];
    } else if (char === "$" && word === null && /^\$[12](?=$|[\s|])/.test(text.slice(index))) {
      const value = text[index + 1] === "1" ? modeArguments.generator : modeArguments.tagger;
      if (value !== "") commands.at(-1)!.push(value);
      index++;
    } else if (SHELL_SYNTAX.has(char)) {
      return refuse(`"${char}" at ${index}, which only a shell would understand`);
    } else {
      word = (word ?? "") + char;
    }
  }
  endWord();
  if (commands.some((command) => command.length === 0)) return refuse("an empty program in the pipeline");
  return { ok: true, commands: commands.map(([program, ...args]) => ({ program: program!, args })) };
}

function refuse(what: string): PipelineParse {
  return { ok: false, reason: `the mode's pipeline has ${what}` };
}
