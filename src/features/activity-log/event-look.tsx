import type { ReactNode } from 'react';
import {
  LuBuilding2,
  LuCarFront,
  LuCircleDot,
  LuCoffee,
  LuFlag,
  LuFuel,
  LuHandshake,
  LuLogIn,
  LuLogOut,
  LuRoute,
  LuSiren,
  LuSquareParking,
  LuTrafficCone,
} from 'react-icons/lu';
import { ACTIVITY_EVENT } from '@contract/activity-log-rules';

/** The icon and colour of each activity event (the buttons and the timeline's left edge). */
const LOOK: Readonly<Record<number, { icon: ReactNode; palette: string }>> = {
  [ACTIVITY_EVENT.SHIFT_START]: { icon: <LuLogIn />, palette: 'green' },
  [ACTIVITY_EVENT.VEHICLE_CHECK]: { icon: <LuCarFront />, palette: 'cyan' },
  [ACTIVITY_EVENT.PATROL_START]: { icon: <LuRoute />, palette: 'blue' },
  [ACTIVITY_EVENT.PATROL_END]: { icon: <LuFlag />, palette: 'blue' },
  [ACTIVITY_EVENT.BREAK]: { icon: <LuCoffee />, palette: 'orange' },
  [ACTIVITY_EVENT.REFUEL]: { icon: <LuFuel />, palette: 'yellow' },
  [ACTIVITY_EVENT.INCIDENT]: { icon: <LuSiren />, palette: 'red' },
  [ACTIVITY_EVENT.TRAFFIC_CONTROL]: { icon: <LuTrafficCone />, palette: 'orange' },
  [ACTIVITY_EVENT.LAYBY_CHECK]: { icon: <LuSquareParking />, palette: 'purple' },
  [ACTIVITY_EVENT.OFFICE]: { icon: <LuBuilding2 />, palette: 'gray' },
  [ACTIVITY_EVENT.HANDOVER]: { icon: <LuHandshake />, palette: 'teal' },
  [ACTIVITY_EVENT.SHIFT_END]: { icon: <LuLogOut />, palette: 'gray' },
};

export const eventLook = (eventId: number) => LOOK[eventId] ?? { icon: <LuCircleDot />, palette: 'brand' };
