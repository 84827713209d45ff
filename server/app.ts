import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../contract/menu';
import { ERROR_CODES } from '../contract/envelope';
import { answerCacheTtl, loadConfig, type Config } from './config';
import { openDb, type DbHandle } from './db/client';
import { getOrCreateJwtSecret } from './db/meta';
import { installQueryMetrics } from './db/query-metrics';
import { COMPACT_HISTORY_DAYS, ensureRosters, seedDemoData } from './db/seed';
import { ensureLivePositions, tickLivePositions } from './db/seed/live';
import type { AppContext } from './lib/context';
import { localDate } from './lib/time';
import { registerAnswerCache } from './plugins/answer-cache';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { registerErrorHandling } from './plugins/errors';
import { registerEtag } from './plugins/etag';
import { registerIdempotency } from './plugins/idempotency';
import { registerMetrics } from './plugins/metrics';
import { registerRequestLog, requestIdGenerator } from './plugins/request-log';
import { inlineScriptHashes, isApiUrl, registerSecurity } from './plugins/security';
import { registerTextGuard } from './plugins/text-guard';
import { authRoutes } from './modules/auth/routes';
import { startUnackSweep } from './modules/comms/alerts';
import { commsRoutes } from './modules/comms/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { documentRoutes } from './modules/document/routes';
import { dutyRosterRoutes } from './modules/dutyroster/routes';
import { gpsRoutes } from './modules/gps/routes';
import { incidentRoutes } from './modules/incident/routes';
import { childListRoutes } from './modules/incident/children-routes';
import { journalRoutes } from './modules/journal/routes';
import { lookupRoutes } from './modules/lookup/routes';
import { ensureCrossovers } from './modules/maps/geo-index';
import { ensureShiftsAndLeave } from './db/seed/shifts';
import { ensureEnglishNames } from './db/seed/english';
import { ensureRosterDevices } from './db/seed/roster-devices';
import { ensureRondas } from './db/seed/rondas';
import { mapsRoutes } from './modules/maps/routes';
import { sectionRoutes } from './modules/section/routes';
import { systemRoutes } from './modules/system/routes';
import { tmcLogRoutes } from './modules/tmclog/routes';
import { staffRoutes } from './modules/staff/routes';
import { usersRoutes } from './modules/users/routes';
import { leaveRoutes } from './modules/leave/routes';
import { teamsRoutes } from './modules/teams/routes';
import { shiftsRoutes } from './modules/shifts/routes';
import { rondasRoutes } from './modules/rondas/routes';
import { historyRoutes } from './modules/history/routes';
import { activityLogRoutes } from './modules/activity-log/routes';
import { checklistRoutes } from './modules/checklist/routes';
import { reportRoutes } from './modules/reports/routes';
import { fleetRoutes } from './modules/fleet/routes';
import { handoverRoutes } from './modules/handover/routes';
import { fieldReportRoutes } from './modules/field-report/routes';
import { clockIsSet, now, nowMs } from './lib/clock';

export interface BuildOptions {
  config?: Partial<Config>;
  logger?: FastifyServerOptions['logger'];
  /** an already open database (tests share one); otherwise opened from the config and closed with the app */
  db?: DbHandle;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** Builds the whole app: database (migrated, seeded), API and the built PWA on one port. */
export async function build(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig(), ...opts.config };
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // the proxy's X-Request-Id when it is trusted, so its log and ours share the id (plugins/request-log.ts)
    genReqId: requestIdGenerator({ trustProxy: config.trustProxy }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // before any route: every request counted, every request's log lines with its id and user (docs/monitoring.md)
  registerMetrics(app, { token: config.metricsToken });
  registerRequestLog(app);

  const handle = opts.db ?? (await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: app.log }));
  if (!opts.db) app.addHook('onClose', async () => handle.close());
  const stopQueryMetrics = installQueryMetrics(handle, app.metrics.registry);
  app.addHook('onClose', async () => stopQueryMetrics());
  app.log.info({ db: handle.kind, where: handle.where }, 'database ready');
  if (clockIsSet()) app.log.warn({ clock: now().toISOString() }, 'the clock is set (LEBUHRAYA_CLOCK): now is not the real time');

  // the start-up data phase, one server at a time (PostgreSQL: an advisory lock, db/client.ts): servers started together
  // on an empty database seed it once, and each top-up below sees what the one before it committed
  const topUpRosters = async () => {
    const added = await ensureRosters(handle.db, { from: localDate(nowMs(), -1), days: 9 });
    if (added) app.log.info({ added }, 'duty rosters generated');
  };
  const secret = await handle.exclusive(async () => {
    if (config.seedDemo) {
      const { seeded } = await seedDemoData(handle.db, {
        passwordHashCost: config.seedFastHash ? 'fast' : 'normal',
        historyDays: config.demoHistoryDays,
      });
      if (seeded) app.log.info('demo data seeded');
    }
    // rosters come from the teams' schedules: keep yesterday to a week ahead generated
    await topUpRosters();
    // crossovers of nearestActivePR (#7): derived from the interchanges once, also on a database seeded before them
    const crossovers = await ensureCrossovers(handle.db);
    if (crossovers) app.log.info({ crossovers }, 'crossovers seeded');
    // shifts' roster types and the demo leave (#14), also on a database seeded before them
    const orgData = await ensureShiftsAndLeave(handle.db);
    if (orgData.shiftsTyped || orgData.demoLeave) app.log.info(orgData, 'shift roster types and demo leave seeded');
    // English names of lookups, roles and seeded shifts (#31), also on a database seeded before them
    const english = await ensureEnglishNames(handle.db);
    if (english.lookups || english.roles || english.shifts) app.log.info(english, 'English names seeded');
    // patrol tablets and section phones of the roster form (#15), also on a database seeded before them
    const rosterDevices = await ensureRosterDevices(handle.db);
    if (rosterDevices.devices || rosterDevices.phones) app.log.info(rosterDevices, 'roster devices and section phones seeded');
    // neighbouring sections (always) and the demo rondas (#14, once) on a database seeded before them
    // (the full demo's history, more than the fortnight the server tests seed, gets a plan in every section, #31)
    const rondas = await ensureRondas(handle.db, { demo: config.seedDemo, everySection: config.demoHistoryDays > COMPACT_HISTORY_DAYS });
    if (rondas.neighbours || rondas.rondas) app.log.info(rondas, 'rondas and neighbouring sections seeded');
    // a live operation at any hour on the demo (#29): the rosters covering now with their last minutes of GPS fixes
    if (config.seedDemo && config.demoLive) {
      const live = await ensureLivePositions(handle.db);
      if (live) app.log.info({ live }, 'demo positions of the rosters on duty now written');
    }
    // one signing secret for every server on the database (app_meta's key is unique: the first one stored wins)
    return config.jwtSecret ?? (await getOrCreateJwtSecret(handle.db));
  });
  if (config.seedDemo && config.demoLive) {
    // the demo's tablets keep reporting while the server runs (a fix a minute per roster it drives)
    const liveTimer = setInterval(() => tickLivePositions(handle.db).catch((err) => app.log.error({ err }, 'demo positions failed')), 60_000);
    liveTimer.unref();
    app.addHook('onClose', async () => clearInterval(liveTimer));
  }
  // under the start-up lock too: two servers' timers generating the same rosters at once would both insert them
  const rosterTimer = setInterval(
    () => handle.exclusive(topUpRosters).catch((err) => app.log.error({ err }, 'roster generation failed')),
    6 * 3600 * 1000,
  );
  rosterTimer.unref();
  app.addHook('onClose', async () => clearInterval(rosterTimer));

  const ctx: AppContext = { db: handle.db, config, dbKind: handle.kind, writes: handle.writes };
  app.decorate('ctx', ctx);

  registerErrorHandling(app);
  registerTextGuard(app);
  // the PWA's page allows its own inline scripts by their hashes, taken from the page it serves
  const indexHtml = path.join(path.resolve(config.clientDir), 'index.html');
  const scriptHashes = existsSync(indexHtml) ? inlineScriptHashes(readFileSync(indexHtml, 'utf8')) : [];
  await registerSecurity(app, { hstsMaxAge: config.hstsMaxAge, scriptHashes });
  // before any route: the compression hook is added to each route registered after it (API, docs, the PWA's files)
  await registerCompression(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Lebuhraya Ops REST API', version: APP_VERSION, description: 'Envelope { statusCode, statusMsg, body } on every answer.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });

  await registerAuth(app, {
    db: handle.db,
    writes: handle.writes,
    secret,
    ttlSeconds: config.jwtTtlSeconds,
    docsPublic: config.apiDocsPublic,
    dbKind: handle.kind,
  });
  // offline sync (#4): Idempotency-Key on writes (keys kept 30 days), ETags on the read data the PWA caches
  await registerIdempotency(app, handle.db);
  registerEtag(app);
  // hot reads answered from memory until a write they depend on (#18): see plugins/answer-cache.ts and config
  registerAnswerCache(app, { writes: handle.writes, ttlMs: answerCacheTtl(config, handle.kind) });
  app.metrics.cacheSource('answer', () => app.answerCacheStats());

  for (const routes of [
    systemRoutes,
    authRoutes,
    lookupRoutes,
    sectionRoutes,
    dutyRosterRoutes,
    commsRoutes,
    incidentRoutes,
    childListRoutes,
    dashboardRoutes,
    journalRoutes,
    documentRoutes,
    gpsRoutes,
    tmcLogRoutes,
    mapsRoutes,
    historyRoutes,
    staffRoutes,
    usersRoutes,
    leaveRoutes,
    teamsRoutes,
    shiftsRoutes,
    rondasRoutes,
    activityLogRoutes,
    checklistRoutes,
    fleetRoutes,
    reportRoutes,
    handoverRoutes,
    fieldReportRoutes,
  ]) {
    await routes(app, ctx);
  }

  // server-raised alerts (#6): cases not acknowledged by their patrol in time; stopped with the app
  startUnackSweep(app, handle.db, {
    minutes: config.alerts.unackMinutes,
    sweepSeconds: config.alerts.sweepSeconds,
    gpsSilentMinutes: config.alerts.gpsSilentMinutes,
  });

  const clientDir = path.resolve(config.clientDir);
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const name = path.basename(filePath);
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (name === 'index.html' || name === 'sw.js' || name.endsWith('.webmanifest')) res.header('Cache-Control', 'no-cache');
        else res.header('Cache-Control', 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn({ clientDir }, 'no built PWA found: run `npm run build` to serve the portal');
  }

  // history-mode fallback: page navigations get index.html; unknown API paths get the 404 envelope
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    if (!isApiUrl(url) && !url.startsWith('/docs') && request.method === 'GET' && hasClient && !path.extname(url)) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply
      .code(404)
      .send({ statusCode: 404, statusMsg: `Laluan ${request.method} ${url} tidak wujud.`, body: { errorCode: ERROR_CODES.NOT_FOUND } });
  });

  return app;
}
