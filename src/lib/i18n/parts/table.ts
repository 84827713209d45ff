import { registerTexts } from '../index';

/** UI texts of the shared table parts (src/ui/table-scroll.tsx, issue #31 item 4). Keys are prefixed 'table.'. */
export const tableMs = {
  'table.scrollRegion': 'Jadual, tatal ke sisi untuk melihat semua lajur',
  'table.scrollRegionNamed': '{name}: jadual, tatal ke sisi untuk melihat semua lajur',
};

export const tableEn: Record<keyof typeof tableMs, string> = {
  'table.scrollRegion': 'Table, scroll sideways to see every column',
  'table.scrollRegionNamed': '{name}: table, scroll sideways to see every column',
};

registerTexts(tableMs, tableEn);
