import * as z from 'zod/mini';

/**
 * ?draft=<id> of /kesbaru and /insidenView/$id: the draft to resume (issue #4). Its own module: route definitions
 * ship with the shell, the drafts code (Dexie) does not.
 */
export const DraftSearchSchema = z.object({ draft: z.optional(z.string().check(z.maxLength(64))) });
export type DraftSearch = z.infer<typeof DraftSearchSchema>;
