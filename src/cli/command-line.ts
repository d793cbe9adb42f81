import { parseArgs, type ParseArgsConfig } from "node:util";

/** What a command's arguments ask for: a run with its options, the help text, or a usage error. */
export type CommandLine<Options> =
  { kind: "run"; options: Options } | { kind: "help" } | { kind: "usage_error"; message: string };

type Flags = NonNullable<ParseArgsConfig["options"]>;
type Parsed<F extends Flags> = ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: F }>>;

/**
 * Parses the flags of a command that takes exactly one file (`-h`/`--help` included): the values and
 * the file, or the help or usage error to answer. `oneFile` says what is missing when the file count is off.
 */
export function parseOneFileCommand<F extends Flags>(
  args: string[],
  options: F,
  oneFile: string,
): { kind: "parsed"; values: Parsed<F>["values"]; file: string } | Exclude<CommandLine<never>, { kind: "run" }> {
  let parsed: Parsed<F>;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options });
  } catch (error) {
    return { kind: "usage_error", message: (error as Error).message };
  }
  if ((parsed.values as { help?: boolean }).help) return { kind: "help" };
  if (parsed.positionals.length !== 1) return { kind: "usage_error", message: oneFile };
  return { kind: "parsed", values: parsed.values, file: parsed.positionals[0]! };
}

/** The options to run `glossa <command>` with, or its exit code after writing the help (0) or a usage error. */
export function optionsOrExit<Options>(
  line: CommandLine<Options>,
  command: string,
  usage: string,
  usageErrorExit: number,
): { options: Options } | { exit: number } {
  if (line.kind === "run") return { options: line.options };
  if (line.kind === "help") {
    process.stdout.write(usage);
    return { exit: 0 };
  }
  process.stderr.write(`glossa ${command}: ${line.message}\n\n${usage}`);
  return { exit: usageErrorExit };
}
