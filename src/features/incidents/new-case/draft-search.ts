import { searchParser, textWhere, type SearchOf } from '@/lib/url-params';

/**
 * ?draft=<id> of /kesbaru and /insidenView/$id: the draft to resume (issue #4). Its own module: route definitions
 * ship with the shell, the drafts code (Dexie) does not; plain code (src/lib/url-params.ts) for the same reason.
 */
const DRAFT_SEARCH_SHAPE = { draft: textWhere((s) => s.length <= 64) };
export const DraftSearchSchema = searchParser(DRAFT_SEARCH_SHAPE);
export type DraftSearch = SearchOf<typeof DRAFT_SEARCH_SHAPE>;
