import type { CallDef, CallRef } from './http.ts';

// Without zod: the web app's first screens import these (docs/decisions/059-type-gaps.md).

/**
 * A call's reference that carries its definition's type (`C`), still without its schemas: what the
 * web app hands `call()`, so the answer's type comes with the reference and cannot be paired with
 * another call's by hand. Made by `ref` in an area's `typed-refs.ts`.
 */
export interface Ref<C extends CallDef> extends CallRef {
  /** Made by `ref`: a bare reference (no type) is not a Ref, so `call()` refuses it. */
  readonly typed: true;
  /** Never set: only the type is carried. */
  readonly call?: C;
}

/**
 * The typed reference of the call `C`: the path must be the call's own (defineCall keeps each path
 * as its literal type), so a reference paired with the wrong call does not compile.
 */
export function ref<C extends CallDef>(r: CallRef & { method: C['method']; path: C['path'] }): Ref<C> {
  return { method: r.method, path: r.path, token: r.token, typed: true };
}
