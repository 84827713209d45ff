import { LIST_SEARCH_SHAPE, ticketParam } from '@/lib/incident-list';
import { searchParser, type SearchOf } from '@/lib/url-params';

/** Search params of /cariankes and /incident: the §7.3 filters plus the ticket number, with paging and sorting. */
const CASE_SEARCH_SHAPE = { ...LIST_SEARCH_SHAPE, ticket: ticketParam };
export const CaseSearchSchema = searchParser(CASE_SEARCH_SHAPE);
export type CaseSearch = SearchOf<typeof CASE_SEARCH_SHAPE>;
