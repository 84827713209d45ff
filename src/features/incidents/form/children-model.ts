/**
 * The child lists of a subform as the form holds them (§3.5, §3.6 client side; issue #5). Each item carries a local
 * `uid` (stable React key, also for items not saved yet) and the server id of its row when saved (null before).
 * Dates and times are Asia/Brunei wall-clock texts: dates 'YYYY-MM-DD', times 'HH:mm:ss' — what the pickers show.
 * `removed` collects the ids of saved items the user removed; they are deleted on save (§4.7), not before.
 *
 * Pure types and constructors only; the rules live in children-rules.ts, the mapping to and from the server rows
 * and save payloads in children-io.ts.
 */
import type { ChildList } from '@contract/child-lists';

/** A lookup choice as the editors keep it: key and the label shown. */
export interface KV {
  key: number;
  value: string;
}

/** Kenderaan Terlibat (§3.6 involved vehicle). */
export interface VehicleItem {
  uid: string;
  involvedVehicleId: number | null;
  plateNo: string;
  jenisKenderaan: KV | null;
  brand: string;
}

/** Jenis Pelanggaran (§3.5 selectedJenisPerlanggaran): 265 carries the animal type, 266/267 the obstacle type. */
export interface CollisionItem {
  uid: string;
  collisionListId: number | null;
  jenisPerlanggaran: KV;
  /** obstacle type (266, 267) or animal type (265); null for the others */
  jenisHalangan: KV | null;
}

/** Jenis Kecederaan (§3.6 injury). */
export interface InjuryItem {
  uid: string;
  injuryId: number | null;
  pkCasualtyTypeId: number;
  casualtyType: string;
  count: number;
  pkGenderTypeId: number | null;
  gender: string;
  pkRaceTypeId: number | null;
  race: string;
}

/** Bahagian Lebuhraya (§3.6 highway section item). */
export interface SectionItem {
  key: number;
  value: string;
  color: string;
  /** the roadLaneSelection row id when already saved */
  bahagianLebuhrayaId: number | null;
}

/** An assistance item (§3.6 bantuanLain, §4.6): other assistance (277) or existing assistance (430). Times are ISO instants. */
export interface AssistItem {
  uid: string;
  kind: 'OTHER' | 'EXISTING';
  bantuan: KV;
  notifikasi: boolean;
  ketibaan: boolean;
  selesai: boolean;
  recordCreatedDate: string;
  notifiedDateTime: string | null;
  arrivedDateTime: string | null;
  completedDateTime: string | null;
  /** the saved row id (furtherActionId of §3.6) */
  furtherActionId: number | null;
}

/** Kerosakan Aset (§3.6 asset damage item). */
export interface AssetDamageItem {
  uid: string;
  asetId: number | null;
  /** 2 decimals */
  count: number;
  pkRoadFurnitureId: number;
  type: string;
  pkRoadFurnitureConditionId: number;
  condition: string;
  pkUnitUkuranId: number;
  unitUkuran: string;
}

/** Penutupan Lorong (§3.6 lane closure, client side). */
export interface LaneClosureItem {
  uid: string;
  /** the saved row id (asetId of §3.6) */
  asetId: number | null;
  pkRoadlaneId: number;
  roadLane: string;
  pkCardinalDirectionId: number;
  cardinalDirection: string;
  /** Masa Tutup */
  dateStartSelected: string;
  timeStartSelected: string;
  /** Masa Buka: null while the lane is still closed */
  dateEndSelected: string | null;
  timeEndSelected: string | null;
}

/** Kesesakan Jalan (§3.6 traffic jam, client side); one per subform. */
export interface TrafficJamItem {
  uid: string;
  trafficJamId: number | null;
  /** length in km as typed, first 4 characters kept (§5) */
  sesakJalanSelected: string;
  dateStart: string | null;
  timeStart: string | null;
  dateEnd: string | null;
  timeEnd: string | null;
  /** computed from start and end when both exist (§5) */
  hourCalculated: number | null;
  minuteCalculated: number | null;
  seconds: number | null;
}

export interface SubformChildren {
  vehicles: VehicleItem[];
  collisions: CollisionItem[];
  injuries: InjuryItem[];
  sections: SectionItem[];
  assists: AssistItem[];
  assetDamages: AssetDamageItem[];
  laneClosures: LaneClosureItem[];
  trafficJams: TrafficJamItem[];
  /** ids of saved rows the user removed, per list: deleted on save (§4.7) */
  removed: Record<ChildList, number[]>;
}

export const emptyRemoved = (): Record<ChildList, number[]> => ({
  involvedVehicle: [],
  collisionList: [],
  roadLaneSelection: [],
  requestFurtherActionList: [],
  roadFurnitureList: [],
  roadLaneClosureList: [],
  trafficJam: [],
  injuryType: [],
});

export const emptyChildren = (): SubformChildren => ({
  vehicles: [],
  collisions: [],
  injuries: [],
  sections: [],
  assists: [],
  assetDamages: [],
  laneClosures: [],
  trafficJams: [],
  removed: emptyRemoved(),
});

/** Which form list maps to which server list. */
export const LIST_OF = {
  vehicles: 'involvedVehicle',
  collisions: 'collisionList',
  injuries: 'injuryType',
  sections: 'roadLaneSelection',
  assists: 'requestFurtherActionList',
  assetDamages: 'roadFurnitureList',
  laneClosures: 'roadLaneClosureList',
  trafficJams: 'trafficJam',
} as const satisfies Record<Exclude<keyof SubformChildren, 'removed'>, ChildList>;
export type ChildField = keyof typeof LIST_OF;

let uidCounter = 0;
/** A local id for a new item (React key; never sent). */
export const newUid = () => `n${Date.now().toString(36)}${(uidCounter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
