export type Denial<Code extends string = string> = { ok: false; status: number; code: Code; message: string };
export type Allowed<T> = { ok: true } & T;
export type Decision<T, Code extends string = string> = Allowed<T> | Denial<Code>;

export function deny<Code extends string>(status: number, code: Code, message: string): Denial<Code> {
  return { ok: false, status, code, message };
}
