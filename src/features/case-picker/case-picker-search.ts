import { LIST_SEARCH_SHAPE, ticketParam } from '@/lib/incident-list';
import { searchParser, type SearchOf } from '@/lib/url-params';

/** Search params of the case pickers (/journalEntry, /furtheractions, /bantuan): the list filters with paging and sorting. */
const CASE_PICKER_SHAPE = { ...LIST_SEARCH_SHAPE, ticket: ticketParam };
export const CasePickerSearchSchema = searchParser(CASE_PICKER_SHAPE);
export type CasePickerSearch = SearchOf<typeof CASE_PICKER_SHAPE>;
