import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { build } from '../../../server/app';
import type { Config } from '../../../server/config';
import { freshDatabaseUrl, openFreshDb } from './database';

export const DEMO_PASSWORD = 'Lebuhraya@2026';

/**
 * fastify/demo style: the real app on a seeded database, driven with inject. Without DATABASE_URL the database is
 * an in-memory PGlite; with it, a fresh PostgreSQL database is made for this file and dropped afterwards. Either
 * starts from the suite's migrated template (template.ts) and is seeded here.
 */
export async function buildTestApp(config: Partial<Config> = {}): Promise<FastifyInstance & { cleanup: () => Promise<void> }> {
  const { databaseUrl, drop: dropDb } = await freshDatabaseUrl();
  const db = await openFreshDb(databaseUrl);
  const app = await build({
    logger: false,
    db,
    config: {
      dataDir: 'memory://',
      databaseUrl,
      seedDemo: true,
      // no invented live positions unless a test asks for them (they would move the map and nearest patrol answers)
      demoLive: false,
      seedFastHash: true,
      // the compact demo: a fortnight of history (the tests' expectations and speed; a test about the full history asks for more)
      demoHistoryDays: 14,
      // the shift-summary job (#31) stays off: a test calls it (it would change the summaries its fixtures expect)
      summaryJobSeconds: 0,
      clientDir: '/nonexistent',
      jwtSecret: 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
      ...config,
    },
  });
  // the app closes the database it was given when it closes (as it does one it opened itself)
  app.addHook('onClose', async () => db.close());
  await app.ready();
  return Object.assign(app, {
    cleanup: async () => {
      await app.close();
      await dropDb();
    },
  });
}

export async function login(app: FastifyInstance, username: string, password = DEMO_PASSWORD, remoteAddress = '127.0.0.1') {
  const res = await app.inject({ method: 'POST', url: '/rest/auth/jwt/login', payload: { username, password }, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json().body as {
    token: string;
    user: { pkStaffId: number; roles: { roleName: string; pkRoleId: number }[]; section: { pkSectionId: number; region: { key: number } } };
  };
}

export function call(app: FastifyInstance, token: string | null, opts: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}
