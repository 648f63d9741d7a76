/**
 * The result of a domain function: `{ ok: true, ...value }` or
 * `{ ok: false, reason, ...details }`. Expected failures (a user's stale save, a
 * duplicate document, a record still referenced, another agency's id) are values
 * that the route maps to an HTTP answer (platform/http.ts); unexpected ones throw.
 */
export type Ok<T extends object = object> = { ok: true } & T;
export type Failure<R extends string, D extends object = object> = { ok: false; reason: R } & D;
export type Result<T extends object, R extends string, D extends object = object> = Ok<T> | Failure<R, D>;

export const ok = <T extends object = object>(value: T = {} as T): Ok<T> => ({ ok: true, ...value });
export const fail = <R extends string, D extends object = object>(reason: R, details: D = {} as D): Failure<R, D> => ({
  ok: false,
  reason,
  ...details,
});
