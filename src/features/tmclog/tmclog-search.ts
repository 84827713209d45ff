import { searchParser, textWhere, wholeNumber, type SearchOf } from '@/lib/url-params';

const isoDay = textWhere((s) => /^\d{4}-\d{2}-\d{2}$/.test(s));

/** Search params of /cariantmclogsheet: region (lookup key), date range on From, remark text, page. */
const TMC_LOG_SEARCH_SHAPE = {
  region: wholeNumber((n) => n > 0),
  from: isoDay,
  to: isoDay,
  q: textWhere((s) => s.length <= 200),
  page: wholeNumber((n) => n >= 0),
};
export const TmcLogSearchSchema = searchParser(TMC_LOG_SEARCH_SHAPE);
export type TmcLogSearch = SearchOf<typeof TMC_LOG_SEARCH_SHAPE>;
