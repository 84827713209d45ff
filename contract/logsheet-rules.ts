/**
 * TMC logsheet constants (§2.17, §4.7, §9) without zod: the PWA imports these at run time; contract/logsheet.ts holds
 * the schemas (server and tests).
 */

/** §4.7, §9: a logsheet may be edited until one day after it was created (server clock). */
export const LOGSHEET_EDIT_WINDOW_MS = 24 * 3600 * 1000;
/** Remarks are free text up to this many characters. */
export const LOGSHEET_REMARKS_MAX = 2000;
/** Rows per page of the search list. */
export const LOGSHEET_PAGE_SIZE = 20;
/** The CSV export stops at this many rows (newest first); narrow the filter for more. */
export const LOGSHEET_CSV_MAX_ROWS = 10_000;

/** When a logsheet created at `createdAt` stops being editable (ISO instant). */
export const logsheetEditableUntil = (createdAt: Date | string | number): string =>
  new Date(new Date(createdAt).getTime() + LOGSHEET_EDIT_WINDOW_MS).toISOString();

/** Whether a listed logsheet can still be edited at `now`. */
export const isLogsheetEditable = (row: { editableUntil: string }, now: number = Date.now()): boolean => Date.parse(row.editableUntil) > now;
