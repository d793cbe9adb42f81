import type { MessageArgs, StandardCode } from "../errors/messages.js";

/** A refusal: its code and the parameters its message names; the status and the sentence live in one table each. */
export type Denial<Code extends StandardCode = StandardCode> = {
  [C in Code]: { ok: false; code: C; args: MessageArgs<C> };
}[Code];
export type Allowed<T> = { ok: true } & T;
export type Decision<T, Code extends StandardCode = StandardCode> = Allowed<T> | Denial<Code>;

export function deny<Code extends StandardCode>(code: Code, ...args: MessageArgs<Code>): Denial<Code> {
  // The mapped type pairs each code with its own arguments, which TypeScript cannot see through a generic code.
  return { ok: false, code, args } as Denial<Code>;
}
