import * as z from 'zod/mini';

const isoDay = z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);

/** Search params of /cariantmclogsheet: region (lookup key), date range on From, remark text, page. */
export const TmcLogSearchSchema = z.object({
  region: z.catch(z.optional(z.coerce.number().check(z.int(), z.gt(0))), undefined),
  from: isoDay,
  to: isoDay,
  q: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(0))), undefined),
});
export type TmcLogSearch = z.infer<typeof TmcLogSearchSchema>;
