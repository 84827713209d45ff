import { z } from 'zod';

/** Search params of /listingroster: the filter and the page live in the URL. */
export const RosterListSearchSchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  sectionId: z.coerce.number().int().positive().optional().catch(undefined),
  page: z.coerce.number().int().min(0).optional().catch(undefined),
  size: z.coerce
    .number()
    .int()
    .refine((n) => [10, 25, 50].includes(n))
    .optional()
    .catch(undefined),
});
export type RosterListSearch = z.infer<typeof RosterListSearchSchema>;

export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
