/**
 * gettext's `plural=` expression (a C expression in `n`), parsed without eval: `?:`, `||`, `&&`,
 * `==`, `!=`, `<`, `<=`, `>`, `>=`, `+`, `-`, `*`, `/`, `%`, `!`, parentheses, `n` and integers,
 * with C's precedence. Evaluated as gettext does, on non-negative integers (docs/cli.md#plural-forms).
 */

type Node =
  | { kind: "n" }
  | { kind: "number"; value: number }
  | { kind: "not"; operand: Node }
  | { kind: "binary"; operator: string; left: Node; right: Node }
  | { kind: "ternary"; test: Node; then: Node; otherwise: Node };

export type PluralExpression = (n: number) => number;

export type ParsedExpression = { ok: true; evaluate: PluralExpression } | { ok: false; message: string };

/** Longest expression read; the longest in gettext's table is under 150 characters. */
export const MAX_EXPRESSION_CHARS = 1000;
const MAX_DEPTH = 100;

const TOKEN = /\s*(\d+|n|\|\||&&|==|!=|<=|>=|[<>?:!()+\-*/%])/y;

function tokenize(text: string): string[] | string {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) return `unexpected "${text.slice(at).trim().slice(0, 20)}"`;
    tokens.push(match[1]!);
  }
  return tokens;
}

const LEVELS: readonly (readonly string[])[] = [
  ["||"],
  ["&&"],
  ["==", "!="],
  ["<", "<=", ">", ">="],
  ["+", "-"],
  ["*", "/", "%"],
];

class Parser {
  private next = 0;
  constructor(private readonly tokens: readonly string[]) {}

  parse(): Node {
    const node = this.ternary(0);
    if (this.next < this.tokens.length) throw new Error(`unexpected "${this.tokens[this.next]}"`);
    return node;
  }

  private peek(): string | undefined {
    return this.tokens[this.next];
  }

  private expect(token: string): void {
    if (this.tokens[this.next] !== token) throw new Error(`expected "${token}"`);
    this.next++;
  }

  private ternary(depth: number): Node {
    if (depth > MAX_DEPTH) throw new Error("nested too deeply");
    const test = this.binary(0, depth);
    if (this.peek() !== "?") return test;
    this.next++;
    const then = this.ternary(depth + 1);
    this.expect(":");
    return { kind: "ternary", test, then, otherwise: this.ternary(depth + 1) };
  }

  private binary(level: number, depth: number): Node {
    if (level === LEVELS.length) return this.unary(depth);
    let left = this.binary(level + 1, depth);
    while (LEVELS[level]!.includes(this.peek() ?? "")) {
      const operator = this.tokens[this.next++]!;
      left = { kind: "binary", operator, left, right: this.binary(level + 1, depth) };
    }
    return left;
  }

  private unary(depth: number): Node {
    if (depth > MAX_DEPTH) throw new Error("nested too deeply");
    const token = this.tokens[this.next++];
    if (token === undefined) throw new Error("it ends too early");
    if (token === "!") return { kind: "not", operand: this.unary(depth + 1) };
    if (token === "n") return { kind: "n" };
    if (/^\d+$/.test(token)) return { kind: "number", value: Number(token) };
    if (token === "(") {
      const inner = this.ternary(depth + 1);
      this.expect(")");
      return inner;
    }
    throw new Error(`unexpected "${token}"`);
  }
}

function binary(operator: string, left: number, right: number): number {
  switch (operator) {
    case "||":
      return left !== 0 || right !== 0 ? 1 : 0;
    case "&&":
      return left !== 0 && right !== 0 ? 1 : 0;
    case "==":
      return left === right ? 1 : 0;
    case "!=":
      return left !== right ? 1 : 0;
    case "<":
      return left < right ? 1 : 0;
    case "<=":
      return left <= right ? 1 : 0;
    case ">":
      return left > right ? 1 : 0;
    case ">=":
      return left >= right ? 1 : 0;
    case "+":
      return left + right;
    case "-":
      return left - right;
    case "*":
      return left * right;
    case "/":
      return right === 0 ? Number.NaN : Math.trunc(left / right);
    default:
      return right === 0 ? Number.NaN : left % right;
  }
}

function evaluate(node: Node, n: number): number {
  switch (node.kind) {
    case "n":
      return n;
    case "number":
      return node.value;
    case "not":
      return evaluate(node.operand, n) === 0 ? 1 : 0;
    case "ternary":
      return evaluate(node.test, n) !== 0 ? evaluate(node.then, n) : evaluate(node.otherwise, n);
    case "binary":
      // && and || evaluate their right side only when needed, as in C
      if (node.operator === "&&" && evaluate(node.left, n) === 0) return 0;
      if (node.operator === "||" && evaluate(node.left, n) !== 0) return 1;
      return binary(node.operator, evaluate(node.left, n), evaluate(node.right, n));
  }
}

/** The expression as a function of `n`, or why it cannot be read. */
export function parsePluralExpression(text: string): ParsedExpression {
  if (text.length > MAX_EXPRESSION_CHARS) return { ok: false, message: "the expression is too long" };
  const tokens = tokenize(text);
  if (typeof tokens === "string") return { ok: false, message: tokens };
  if (tokens.length === 0) return { ok: false, message: "the expression is empty" };
  try {
    const tree = new Parser(tokens).parse();
    return { ok: true, evaluate: (n) => evaluate(tree, n) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}
