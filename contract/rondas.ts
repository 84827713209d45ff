/**
 * Rondas (patrol loops) and their checkpoints, sections' neighbours (issue #14 item 6; spec §2.1 /listingronda,
 * /createupdateronda, /listingcheckpoint, /createupdatecheckpoint; §7.5 rondaloop, rondaloopcheckpoints,
 * neighboringSection; §9 page sizes: roster loops 50, neighbouring sections 100).
 *
 * A ronda is a loop of one section from point A to point B (kmFrom → kmTo, both inside the section's kilometre
 * range). Its checkpoints are ordered (seq from 1); each has a name, a KM, a direction (cardinalDirection lookup key)
 * and coordinates, and must lie inside the ronda's section: its KM within the section's range and its position within
 * CHECKPOINT_MAX_OFF_LINE_KM of the section's alignment.
 */
import { z } from 'zod';
import { MANAGE_BASE } from './paths';
import { RONDA_MESSAGES } from './rondas-rules';
export * from './rondas-rules';

/** §9: roster loops (rondaloop, rondaloopcheckpoints) are read 50 a page; neighbouring sections 100. */
export const RONDA_PAGE_SIZE = 50;
export const NEIGHBOUR_PAGE_SIZE = 100;
/** A checkpoint further than this from its section's alignment is outside the section. */
export const CHECKPOINT_MAX_OFF_LINE_KM = 2;
/** The KM typed for a checkpoint may differ this much from the KM of its coordinates on the alignment. */
export const CHECKPOINT_KM_TOLERANCE = 2;
export const RONDA_NAME_MAX = 100;
export const POINT_NAME_MAX = 100;
export const CHECKPOINT_NAME_MAX = 100;

export const RONDA_PATHS = {
  dataTables: `${MANAGE_BASE}/rondaloop/dataTables`,
  csv: `${MANAGE_BASE}/rondaloop/csv`,
  get: (id: number) => `${MANAGE_BASE}/rondaloop/get/${id}`,
  getPattern: `${MANAGE_BASE}/rondaloop/get/:id`,
  save: `${MANAGE_BASE}/rondaloop/save`,
  /** an array of ids; a ronda with checkpoints is deactivated, one without is deleted */
  delete: `${MANAGE_BASE}/rondaloop/delete`,
  checkpointDataTables: `${MANAGE_BASE}/rondaloopcheckpoints/dataTables`,
  checkpointCsv: `${MANAGE_BASE}/rondaloopcheckpoints/csv`,
  checkpointGet: (id: number) => `${MANAGE_BASE}/rondaloopcheckpoints/get/${id}`,
  checkpointGetPattern: `${MANAGE_BASE}/rondaloopcheckpoints/get/:id`,
  checkpointSave: `${MANAGE_BASE}/rondaloopcheckpoints/save`,
  /** moves one checkpoint to another place in its ronda's order */
  checkpointReorder: `${MANAGE_BASE}/rondaloopcheckpoints/reorder`,
  checkpointDelete: `${MANAGE_BASE}/rondaloopcheckpoints/delete`,
  neighbourDataTables: `${MANAGE_BASE}/neighboringSection/dataTables`,
} as const;

const id = z.number().int().positive();
const km = (label: string) =>
  z
    .number({ error: `${label} mesti nombor` })
    .min(0, `${label} tidak boleh negatif`)
    .max(2000, `${label} terlalu besar`);
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} diperlukan` })
    .trim()
    .min(1, `${label} diperlukan`)
    .max(max, `${label} maksimum ${max} aksara`);

// ------------------------------------------------------------------------------------------------ ronda

export const RondaFilterSchema = z.object({
  sectionId: id.optional(),
  regionId: id.optional(),
  /** true: active only, false: inactive only, absent: both */
  active: z.boolean().optional(),
  /** part of the ronda's name or of its point A or B */
  search: z.string().trim().max(100).optional(),
});
export type RondaFilter = z.infer<typeof RondaFilterSchema>;

export const RondaRowSchema = z.object({
  pkRondaLoopId: z.number().int(),
  rondaName: z.string(),
  sectionId: z.number().int(),
  sectionName: z.string(),
  regionId: z.number().int(),
  regionName: z.string(),
  pointAName: z.string(),
  pointBName: z.string(),
  kmFrom: z.number(),
  kmTo: z.number(),
  isActive: z.boolean(),
  checkpointCount: z.number().int(),
});
export type RondaRow = z.infer<typeof RondaRowSchema>;

/** The ronda's section as its map needs it: kilometre range and alignment ([lng, lat][] along increasing km). */
export const RondaSectionSchema = z.object({
  sectionId: z.number().int(),
  sectionName: z.string(),
  description: z.string(),
  kmStart: z.number().nullable(),
  kmEnd: z.number().nullable(),
  alignment: z.array(z.tuple([z.number(), z.number()])),
  mapcenter: z.string(),
  mapzoom: z.number(),
});
export type RondaSection = z.infer<typeof RondaSectionSchema>;

export const RondaDetailSchema = RondaRowSchema.extend({ section: RondaSectionSchema });
export type RondaDetail = z.infer<typeof RondaDetailSchema>;

/** rondaloop/save: no id → a new ronda; with an id → an update. */
export const RondaSaveSchema = z
  .object({
    pkRondaLoopId: id.optional(),
    sectionId: z.number({ error: 'Seksyen diperlukan' }).int().positive('Seksyen diperlukan'),
    rondaName: text('Nama ronda', RONDA_NAME_MAX),
    pointAName: text('Nama Titik A', POINT_NAME_MAX),
    pointBName: text('Nama Titik B', POINT_NAME_MAX),
    kmFrom: km('KM Dari'),
    kmTo: km('KM Hingga'),
    isActive: z.boolean().default(true),
  })
  .refine((v) => v.kmFrom !== v.kmTo, { message: RONDA_MESSAGES.kmEqual, path: ['kmTo'] });
export type RondaSave = z.input<typeof RondaSaveSchema>;

export const IdListSchema = z.array(id).min(1, 'Pilih sekurang-kurangnya satu rekod').max(100, 'Maksimum 100 rekod sekali');

export const RondaDeleteResultSchema = z.object({
  /** erased: they had no checkpoints */
  deleted: z.array(z.number().int()),
  /** kept as inactive: they have checkpoints */
  deactivated: z.array(z.number().int()),
});
export type RondaDeleteResult = z.infer<typeof RondaDeleteResultSchema>;

// ------------------------------------------------------------------------------------------------ checkpoint

export const CheckpointFilterSchema = z.object({
  rondaLoopId: id.optional(),
  sectionId: id.optional(),
  regionId: id.optional(),
  search: z.string().trim().max(100).optional(),
});
export type CheckpointFilter = z.infer<typeof CheckpointFilterSchema>;

export const CheckpointRowSchema = z.object({
  pkRondaLoopCheckpointId: z.number().int(),
  rondaLoopId: z.number().int(),
  rondaName: z.string(),
  sectionId: z.number().int(),
  sectionName: z.string(),
  regionId: z.number().int(),
  seq: z.number().int(),
  checkpointName: z.string(),
  km: z.number(),
  directionId: z.number().int(),
  directionName: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type CheckpointRow = z.infer<typeof CheckpointRowSchema>;

/**
 * rondaloopcheckpoints/save: no id → a new checkpoint, placed last unless `seq` says where; with an id → an update
 * (a `seq` moves it; the ronda cannot change). Coordinates are WGS84 degrees.
 */
export const CheckpointSaveSchema = z.object({
  pkRondaLoopCheckpointId: id.optional(),
  rondaLoopId: z.number({ error: 'Ronda diperlukan' }).int().positive('Ronda diperlukan'),
  checkpointName: text('Nama pusat semakan', CHECKPOINT_NAME_MAX),
  km: km('KM'),
  directionId: z.number({ error: 'Arah diperlukan' }).int().positive('Arah diperlukan'),
  latitude: z.number({ error: 'Latitud diperlukan' }).min(-90, 'Latitud mesti antara -90 dan 90').max(90, 'Latitud mesti antara -90 dan 90'),
  longitude: z
    .number({ error: 'Longitud diperlukan' })
    .min(-180, 'Longitud mesti antara -180 dan 180')
    .max(180, 'Longitud mesti antara -180 dan 180'),
  seq: z.number().int().positive('Susunan mesti 1 atau lebih').optional(),
});
export type CheckpointSave = z.input<typeof CheckpointSaveSchema>;

/** rondaloopcheckpoints/reorder: moves one checkpoint to place `seq` (1 = first; past the end = last). */
export const CheckpointReorderSchema = z.object({
  pkRondaLoopCheckpointId: id,
  seq: z.number().int().positive('Susunan mesti 1 atau lebih'),
});
export type CheckpointReorder = z.infer<typeof CheckpointReorderSchema>;

// ------------------------------------------------------------------------------------------------ neighbours

export const NeighbourFilterSchema = z.object({
  sectionId: id.optional(),
  regionId: id.optional(),
});
export type NeighbourFilter = z.infer<typeof NeighbourFilterSchema>;

/** One pair, as stored: both directions are rows (N8 → N9 and N9 → N8). */
export const NeighbourRowSchema = z.object({
  sectionId: z.number().int(),
  sectionName: z.string(),
  regionId: z.number().int(),
  neighbourSectionId: z.number().int(),
  neighbourSectionName: z.string(),
  neighbourRegionId: z.number().int(),
  neighbourRegionName: z.string(),
});
export type NeighbourRow = z.infer<typeof NeighbourRowSchema>;
