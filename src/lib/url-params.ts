/**
 * Search params of the routes (TanStack Router validateSearch): plain code rather than a schema library, because
 * route definitions, and so their validators, load with the router on the first page (issue #2: zod stays with the
 * forms' chunks). Each param is read on its own; a missing or invalid one is left out (the screen's default
 * applies) instead of failing the whole URL. tests/unit/lists.test.ts and search-params.test.ts compare them with
 * the zod/mini schemas they replaced.
 */

/** One param: its value, or undefined when it is missing or not valid. */
export type Param<T> = (value: unknown) => T | undefined;

type Shape = Record<string, Param<unknown>>;
export type SearchOf<S extends Shape> = { [K in keyof S]?: S[K] extends Param<infer T> ? T : never };

/** `parse` is what the router's validateSearch takes; unknown keys are dropped. */
export interface SearchParser<S extends Shape> {
  shape: S;
  parse(input: unknown): SearchOf<S>;
}

export function searchParser<S extends Shape>(shape: S): SearchParser<S> {
  return {
    shape,
    parse(input) {
      const raw = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, param] of Object.entries(shape)) {
        if (!(key in raw)) continue;
        const v = param(raw[key]);
        if (v !== undefined) out[key] = v;
      }
      return out as SearchOf<S>;
    },
  };
}

/** A whole number, optionally checked. Read as Number() reads it (the router gives numbers; '9' is read too). */
export const wholeNumber =
  (check: (n: number) => boolean = () => true): Param<number> =>
  (v) => {
    const n = Number(v);
    return Number.isSafeInteger(n) && check(n) ? n : undefined;
  };

/** One of a fixed set of texts. */
export const oneOf =
  <T extends string>(values: readonly T[]): Param<T> =>
  (v) =>
    typeof v === 'string' && (values as readonly string[]).includes(v) ? (v as T) : undefined;

/** A text that passes a check (a pattern, a length, a date test). */
export const textWhere =
  (check: (s: string) => boolean): Param<string> =>
  (v) =>
    typeof v === 'string' && check(v) ? v : undefined;
