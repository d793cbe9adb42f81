import { describe, expect, it } from "vitest";
import { parseModePipeline, type ModeArguments } from "../../src/core/engines/apertium-pipeline-commands.js";

const UNKNOWN_UNMARKED: ModeArguments = { generator: "-n", tagger: "" };

describe("parseModePipeline", () => {
  it.each<[string, string, string[][]]>([
    [
      "the programs of a mode file, $1 and $2 as the apertium script passes them with -u",
      "lt-proc -z '/usr/share/apertium/apertium-eng-spa/eng-spa.automorf.bin' | apertium-tagger -z -g $2 '/x/eng-spa.prob' | lt-proc -z $1 '/x/eng-spa.autogen.bin'",
      [
        ["lt-proc", "-z", "/usr/share/apertium/apertium-eng-spa/eng-spa.automorf.bin"],
        ["apertium-tagger", "-z", "-g", "/x/eng-spa.prob"],
        ["lt-proc", "-z", "-n", "/x/eng-spa.autogen.bin"],
      ],
    ],
    ["a pipe without blanks around it", "cat|apertium-pretransfer -z", [["cat"], ["apertium-pretransfer", "-z"]]],
    ["blanks and a trailing newline", "  lt-proc\t'a b.bin'  \n", [["lt-proc", "a b.bin"]]],
    ["double quotes and their escapes", 'prog "a \\"b\\" c" "d\\\\e" "f\\g"', [["prog", 'a "b" c', "d\\e", "f\\g"]]],
    ["quotes joined to a word", "prog --file='/a b'/c", [["prog", "--file=/a b/c"]]],
    ["a backslash escape outside quotes", "prog a\\ b", [["prog", "a b"]]],
    ["an empty quoted argument stays an argument", "prog '' x", [["prog", "", "x"]]],
    ["a $ inside single quotes is a character", "prog '$1' 'a|b'", [["prog", "$1", "a|b"]]],
  ])("splits %s", (_name, text, expected) => {
    const parsed = parseModePipeline(text, UNKNOWN_UNMARKED);
    expect(parsed).toEqual({ ok: true, commands: expected.map(([program, ...args]) => ({ program, args })) });
  });

  it("passes -g for $1 and -m for $2 when asked to", () => {
    expect(parseModePipeline("a $1 | b $2", { generator: "-g", tagger: "-m" })).toEqual({
      ok: true,
      commands: [
        { program: "a", args: ["-g"] },
        { program: "b", args: ["-m"] },
      ],
    });
  });

  it.each([
    ["a redirection", "lt-proc x.bin > /tmp/out"],
    ["an input redirection", "lt-proc x.bin < /etc/passwd"],
    ["a command list", "lt-proc x.bin; rm -rf /"],
    ["a background job", "lt-proc x.bin & true"],
    ["an or-list", "lt-proc x.bin || true"],
    ["a command substitution", "lt-proc $(cat x)"],
    ["backquotes", "lt-proc `cat x`"],
    ["a variable other than $1 and $2", "lt-proc $HOME/x.bin"],
    ["$1 glued to a word", "lt-proc -g$1 x.bin"],
    ["$3", "lt-proc $3 x.bin"],
    ["an expansion inside double quotes", 'lt-proc "$1" x.bin'],
    ["a glob", "lt-proc /usr/share/*.bin"],
    ["a subshell", "(lt-proc x.bin)"],
    ["an unclosed single quote", "lt-proc 'x.bin"],
    ["an unclosed double quote", 'lt-proc "x.bin'],
    ["an empty program", "lt-proc x.bin | | cat"],
    ["a pipe at the end", "lt-proc x.bin |"],
    ["nothing at all", "   "],
    ["a comment", "lt-proc x.bin # comment"],
  ])("refuses %s", (_name, text) => {
    expect(parseModePipeline(text, UNKNOWN_UNMARKED)).toMatchObject({ ok: false });
  });
});
