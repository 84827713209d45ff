/**
 * The date and time types of every request schema (issue #20 item 6). The rules and constants live in the zod-free
 * contract/date-rules.ts (re-exported here), which the PWA may import at run time; this module is for the server
 * and the tests (the PWA imports its types only).
 *
 * - calendarDate: 'YYYY-MM-DD', a day that exists, DATE_MIN (2000-01-01) … DATE_MAX (2100-12-31)
 * - instant: ISO 8601 with a zone ('Z' or ±hh:mm), seconds required, at most milliseconds, its written date in
 *   the same range
 * - withRange(schema, from, to): the object's `to` is not before its `from` (400 naming `to`)
 * "Not in the future" (FUTURE_ALLOWANCE_MS ahead of the server clock at most) is checked by the services that record
 * something that already happened, against their clock, with their own messages.
 */
import { z } from 'zod';
import { DATE_MESSAGES, DATE_PATTERN, INSTANT_PATTERN, calendarDateProblem, instantProblem, isOrderedRange } from './date-rules';

export * from './date-rules';

/** 'YYYY-MM-DD': a real calendar day from 2000-01-01 to 2100-12-31. */
export const calendarDate = z
  .string()
  .regex(DATE_PATTERN, DATE_MESSAGES.format)
  .superRefine((s, ctx) => {
    // a wrong shape is reported by the regex above, once
    if (!DATE_PATTERN.test(s)) return;
    const problem = calendarDateProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** ISO 8601 instant with a zone (2026-11-22T08:30:00.000Z, …+08:00), its date real and from 2000 to 2100, ≤ ms. */
export const instant = z
  .string()
  .regex(INSTANT_PATTERN, DATE_MESSAGES.instantFormat)
  .superRefine((s, ctx) => {
    if (!INSTANT_PATTERN.test(s)) return;
    const problem = instantProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

type StringKeys<S extends z.ZodObject> = { [K in keyof z.output<S>]-?: NonNullable<z.output<S>[K]> extends string ? K : never }[keyof z.output<S>] &
  string;

/**
 * The object's `to` may not be before its `from` (when both are there): calendar dates compare as days, instants as
 * instants. The issue names `to`; the answer is a 400.
 */
export function withRange<S extends z.ZodObject>(schema: S, from: StringKeys<S>, to: StringKeys<S>, message: string = DATE_MESSAGES.toBeforeFrom) {
  return schema.refine(
    (v) => isOrderedRange((v as Record<string, string | null | undefined>)[from], (v as Record<string, string | null | undefined>)[to]),
    { path: [to], message },
  );
}
