import type { IconType } from 'react-icons';
import {
  LuCalendarCheck,
  LuCalendarDays,
  LuChartColumn,
  LuFilePen,
  LuFilePlus2,
  LuFileText,
  LuLayoutDashboard,
  LuLogOut,
  LuMap,
  LuNotebookPen,
  LuSearch,
  LuSettings2,
} from 'react-icons/lu';

export const NAV_ICONS: Record<string, IconType> = {
  dashboard: LuLayoutDashboard,
  myShift: LuCalendarCheck,
  map: LuMap,
  newCase: LuFilePlus2,
  drafts: LuFilePen,
  tmcLog: LuNotebookPen,
  caseSearch: LuSearch,
  rosterList: LuCalendarDays,
  reports: LuChartColumn,
  admin: LuSettings2,
  logout: LuLogOut,
};

export const navIcon = (key: string): IconType => NAV_ICONS[key] ?? LuFileText;
