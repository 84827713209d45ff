import * as z from 'zod/mini';

/** Search params of /listingroster: the filter and the page live in the URL. */
export const RosterListSearchSchema = z.object({
  date: z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined),
  sectionId: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined),
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(0))), undefined),
  size: z.catch(z.optional(z.coerce.number().check(z.int(), z.refine((n) => [10, 25, 50].includes(n)))), undefined),
});
export type RosterListSearch = z.infer<typeof RosterListSearchSchema>;

export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
