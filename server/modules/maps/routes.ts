/**
 * Maps and live patrol positions (issue #7): rondaGps save/dataTables, llugps timeline, findPRVehicle(s), bigMaps,
 * section network; and the daily pruning of the position history.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { TokenClaims } from '../../../contract/auth';
import { DataTablesQuerySchema, dataTablesBody, envelope, ErrorEnvelopeSchema, IdParamSchema } from '../../../contract/envelope';
import { normalisePlate, ONCORE_UNAVAILABLE } from '../../../contract/map-rules';
import {
  BigMapsRequestSchema,
  BigMapsSchema,
  FindPrVehicleSchema,
  FindPrVehiclesRequestSchema,
  FindPrVehiclesRowSchema,
  RondaGpsFilterSchema,
  RondaGpsRowSchema,
  RondaGpsSaveResultSchema,
  RondaGpsSaveSchema,
  SectionNetworkRowSchema,
  TimelineEntrySchema,
} from '../../../contract/maps';
import { PATHS } from '../../../contract/paths';
import { ROLE_IDS } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/http-error';
import { ok, page } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';
import { requireUser, seesAllRegions } from '../../plugins/auth';
import { idempotentStatement, REPLAYED_HEADER } from '../../plugins/idempotency';
import { answerCacheTtl } from '../../config';
import { sectionFamilyIds } from '../section/queries';
import { sectionRef } from '../gps/queries';
import { sectionNetwork } from './big-maps';
import { BigMapsCache, encodedBody, negotiateEncoding } from './big-maps-cache';
import { etagMatches } from '../../plugins/etag';
import { COMPRESS_THRESHOLD_BYTES } from '../../plugins/compression';
import { geoIndex } from './geo-index';
import { isRosterPerson } from '../../lib/roster-people';
import { planPositions, positionHistory, prunePositions, rosterScope } from './positions';
import { rosterTimeline } from './timeline';
import { mapLimit, tabletPositions, trackedPosition, vehiclesByPlate } from './tracking';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
export const POSITIONS_SAVED = 'Kedudukan telah disimpan';
export const OTHER_REGION_MAP = 'Anda hanya boleh melihat peta wilayah anda.';
export const OTHER_REGION_ROSTER = 'Jadual tugas ini di luar wilayah anda.';
export const OTHER_REGION_VEHICLE = 'Kenderaan ini di luar wilayah anda.';
export const vehicleNotFound = (plate: string) => `Kenderaan ${plate} tidak dijumpai.`;
const PlateParamSchema = z.object({ plate: z.string().trim().min(1, 'Nombor plat diperlukan').max(40) });
/** how many plates of one batch are asked of the tracking service at a time */
const TRACKING_CONCURRENCY = 8;

/** The roster of a read route, refused outside the caller's region; a PR only for a roster of its own team. */
async function readableRoster(db: Db, user: TokenClaims, rosterId: number) {
  const r = await rosterScope(db, rosterId);
  if (!r) throw notFound('Jadual tugas tidak dijumpai.');
  if (user.rid === ROLE_IDS.PR) {
    if (!(await isRosterPerson(db, r.id, user.sid))) throw forbidden('Anda hanya boleh melihat jadual tugas pasukan anda.');
  } else if (!seesAllRegions(user) && r.regionId !== user.reg) throw forbidden(OTHER_REGION_ROSTER);
  return r;
}

export async function mapsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;
  const cfg = ctx.config.positions;
  const common = { tags: ['maps'], security: [{ bearerAuth: [] }] };
  const tracking = { url: cfg.trackingUrl, timeoutMs: cfg.integrationTimeoutMs };

  r.post(PATHS.rondaGpsSave, {
    config: { permission: 'patrolAction' },
    schema: {
      ...common,
      summary: "A patrol tablet's fixes (in the order taken; late ones after being offline): history and latest position",
      body: RondaGpsSaveSchema,
      response: { 200: envelope(RondaGpsSaveResultSchema), ...errors },
    },
    handler: async (request, reply) => {
      const geo = await geoIndex(db);
      // the fixes, the latest position and the Idempotency-Key in one statement (#18: thousands of fixes a second)
      const answer = await idempotentStatement(db, request, reply, async () => {
        const plan = await planPositions(db, geo, requireUser(request), request.body, { shiftGraceMinutes: cfg.shiftGraceMinutes });
        return { answer: ok(plan.answer, POSITIONS_SAVED), writes: plan.writes };
      });
      // a repeated batch (its key's stored answer) stored nothing this time
      if (!reply.hasHeader(REPLAYED_HEADER)) app.metrics.positionsIngested(answer.body.accepted);
      return answer;
    },
  });

  r.post(PATHS.rondaGpsDataTables, {
    config: { permission: ['map', 'patrolAction'] },
    schema: {
      ...common,
      summary: "A roster's position history, newest first (region-scoped; a patrol its own team's rosters)",
      querystring: DataTablesQuerySchema,
      body: RondaGpsFilterSchema,
      response: { 200: envelope(dataTablesBody(RondaGpsRowSchema)), ...errors },
    },
    handler: async (request) => {
      await readableRoster(db, requireUser(request), request.body.pkDutyRosterId);
      const { rows, recordCount } = await positionHistory(db, await geoIndex(db), request.body, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.get(PATHS.lluGpsPattern, {
    config: { permission: ['map', 'patrolAction', 'viewCase'] },
    schema: {
      ...common,
      summary: "The roster's shift timeline (§2.18): its periods off the mainline (LLU History) and its case steps, newest first",
      params: IdParamSchema,
      response: { 200: envelope(z.array(TimelineEntrySchema)), ...errors },
    },
    handler: async (request) => {
      const roster = await readableRoster(db, requireUser(request), request.params.id);
      return ok(await rosterTimeline(db, await geoIndex(db), roster));
    },
  });

  r.get(PATHS.findPrVehiclePattern, {
    config: { permission: ['map', 'newCase', 'editCase'] },
    schema: {
      ...common,
      summary: "A vehicle's live position by plate (spaces removed): the tracking service, else the patrol tablets",
      params: PlateParamSchema,
      response: { 200: envelope(FindPrVehicleSchema), ...errors },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const plate = normalisePlate(request.params.plate);
      const [v] = await vehiclesByPlate(db, [plate]);
      if (!v) throw notFound(vehicleNotFound(plate));
      if (!seesAllRegions(user) && v.regionId !== user.reg) throw forbidden(OTHER_REGION_VEHICLE);
      const geo = await geoIndex(db);
      const loc = (await trackedPosition(geo, plate, tracking, request.log)) ?? (await tabletPositions(db, geo, [v.id])).get(v.id);
      if (!loc) throw notFound(ONCORE_UNAVAILABLE);
      return ok({ plateNumber: plate, LOC: loc });
    },
  });

  r.post(PATHS.findPrVehicles, {
    config: { permission: ['map', 'newCase', 'editCase'] },
    schema: {
      ...common,
      summary: 'Live positions of several plates (spaces removed); LOC null where none is known',
      body: FindPrVehiclesRequestSchema,
      response: { 200: envelope(z.array(FindPrVehiclesRowSchema)), ...errors },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const plates = [...new Set(request.body.plateNumbers.map(normalisePlate))];
      const vehicles = await vehiclesByPlate(db, plates);
      if (!seesAllRegions(user) && vehicles.some((v) => v.regionId !== user.reg)) throw forbidden(OTHER_REGION_VEHICLE);
      const geo = await geoIndex(db);
      const byKey = new Map(vehicles.map((v) => [v.key, v]));
      const tracked = await mapLimit(plates, TRACKING_CONCURRENCY, (p) =>
        byKey.has(p) ? trackedPosition(geo, p, tracking, request.log) : Promise.resolve(null),
      );
      const tablets = await tabletPositions(
        db,
        geo,
        vehicles.map((v) => v.id),
      );
      return ok(
        plates.map((p, i) => {
          const v = byKey.get(p);
          return { plateNumber: p, LOC: tracked[i] ?? (v ? (tablets.get(v.id) ?? null) : null) };
        }),
      );
    },
  });

  // the serialised answer per scope, while nothing it shows has changed (big-maps-cache.ts)
  const mapCache = new BigMapsCache(db, cfg.staleSeconds, 'OK', {
    tracker: ctx.writes,
    trustMs: answerCacheTtl(ctx.config, ctx.dbKind),
  });
  // a build is a miss (concurrent requests sharing one build count once)
  app.metrics.cacheSource('big_maps', () => ({ hits: mapCache.stats.hits, misses: mapCache.stats.builds }));
  r.post(PATHS.bigMaps, {
    // an ETag of its own (not config.etag: the answer's bytes, their compressed forms and the tag are cached together)
    config: { permission: 'map' },
    schema: {
      ...common,
      summary:
        'The incident map: every open case of the scope (not Tutup/Batal, newest first) and the patrols on shift with live positions. Cached per scope while nothing shown changes; ETag, 304 to If-None-Match',
      body: BigMapsRequestSchema.optional().default({}),
      response: { 200: envelope(BigMapsSchema), ...errors },
    },
    handler: async (request, typedReply) => {
      // the cached bytes go as they are, past the response schema's serialiser
      const reply = typedReply as unknown as FastifyReply;
      const user = requireUser(request);
      const filter = request.body ?? {};
      const all = seesAllRegions(user);
      if (filter.regionId && !all && filter.regionId !== user.reg) throw forbidden(OTHER_REGION_MAP);
      let sectionIds: number[] | undefined;
      if (filter.sectionId) {
        const sec = await sectionRef(db, filter.sectionId);
        if (!sec) throw notFound('Seksyen tidak dijumpai.');
        if (!all && sec.regionId !== user.reg) throw forbidden(OTHER_REGION_MAP);
        sectionIds = await sectionFamilyIds(db, filter.sectionId);
      }
      const regionId = all ? filter.regionId : user.reg;
      const snap = await mapCache.answer({ regionId, sectionIds });
      reply.header('ETag', snap.etag).header('Vary', 'Accept-Encoding');
      if (etagMatches(request.headers['if-none-match'], snap.etag)) return reply.code(304).send();
      const encoding =
        snap.body.length < COMPRESS_THRESHOLD_BYTES
          ? 'identity'
          : negotiateEncoding(request.headers['accept-encoding'], request.headers['x-no-compression'] !== undefined);
      const bytes = await encodedBody(snap, encoding);
      reply.type('application/json; charset=utf-8');
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.send(bytes);
    },
  });

  r.get(PATHS.sectionNetwork, {
    config: { permission: ['map', 'viewCase', 'newCase', 'editCase'], etag: true },
    schema: {
      ...common,
      summary: 'Every section alignment ([lng, lat] along increasing km): the highway drawn when no basemap tile can be had',
      response: { 200: envelope(z.array(SectionNetworkRowSchema)), ...errors },
    },
    handler: async () => ok(await sectionNetwork(db)),
  });

  startPositionPruning(app, db, cfg);
}

/** Deletes history older than POSITION_HISTORY_DAYS a minute after start and every `pruneEveryHours` (unref'd; stopped with the app). */
export function startPositionPruning(app: FastifyInstance, db: Db, cfg: { historyDays: number; pruneEveryHours: number }) {
  if (!cfg.pruneEveryHours) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const n = await prunePositions(db, cfg.historyDays);
      if (n) app.log.info({ event: 'positions_pruned', rows: n, days: cfg.historyDays }, 'old position history deleted');
    } catch (err) {
      app.log.error({ err }, 'position history pruning failed');
    } finally {
      running = false;
    }
  };
  // a minute after start (a server restarted every day still prunes), then every pruneEveryHours
  const first = setTimeout(() => void tick(), 60_000);
  first.unref();
  const timer = setInterval(() => void tick(), cfg.pruneEveryHours * 3600_000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
