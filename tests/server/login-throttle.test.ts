import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import type { DbHandle } from '../../server/db/client';
import { appUser, loginThrottle, staff } from '../../server/db/schema';
import { addressOf, delaySeconds } from '../../server/modules/auth/throttle';
import { buildTestApp, DEMO_PASSWORD } from './support/build';
import { openTestDb } from './support/database';

/** Sign-in throttling (issue #20 item 3): growing delays per (username, address) pair and per address, kept in the database. */

// a clock the tests move: the delays are seconds to minutes
let nowMs = Date.parse('2026-11-25T08:00:00Z');
const advance = (seconds: number) => {
  nowMs += seconds * 1000;
};
/** the defaults (LOGIN_* unset) on the test clock */
const LOGIN: Config['login'] = { ...loadConfig({}).login, now: () => nowMs };

const signIn = (app: FastifyInstance, username: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/rest/auth/jwt/login', payload: { username, password }, remoteAddress });

/** `count` more users (role TMCA, the demo password) like the 19 seeded ones: a control room of 50. */
async function addOperators(app: FastifyInstance, count: number): Promise<string[]> {
  const db = app.ctx.db;
  const [tmca] = await db
    .select({ hash: appUser.passwordHash, roleId: appUser.roleId, sectionId: staff.sectionId })
    .from(appUser)
    .innerJoin(staff, eq(staff.id, appUser.staffId))
    .where(eq(appUser.username, 'tmca'));
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const username = `operator${String(i).padStart(2, '0')}`;
    const [s] = await db
      .insert(staff)
      .values({ staffNo: `OPS-${i}`, displayName: `Operator ${i}`, position: 'TMC Operator', sectionId: tmca.sectionId })
      .returning({ id: staff.id });
    await db.insert(appUser).values({ username, passwordHash: tmca.hash, staffId: s.id, roleId: tmca.roleId });
    names.push(username);
  }
  return names;
}

describe('sign-in throttling', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let operators: string[];
  beforeAll(async () => {
    app = await buildTestApp({ login: LOGIN });
    operators = await addOperators(app, 50);
  });
  afterAll(async () => app?.cleanup());

  it('failures from one address never stop the same user signing in from another', async () => {
    for (let i = 0; i < 8; i++) {
      const res = await signIn(app, 'tmca', `salah${i}`, '10.20.0.1');
      expect(res.statusCode, `attempt ${i + 1}`).toBe(i < 5 ? 401 : 429);
    }
    // the attacker's address is delayed, even with the right password
    expect((await signIn(app, 'tmca', DEMO_PASSWORD, '10.20.0.1')).statusCode).toBe(429);
    // the user at their own desk is not
    expect((await signIn(app, 'tmca', DEMO_PASSWORD, '10.20.0.2')).statusCode).toBe(200);
    expect((await signIn(app, 'TMCA', DEMO_PASSWORD, '10.20.0.3')).statusCode).toBe(200);
  });

  it('past the free failures a pair waits a doubling delay; the right password after it works and clears the pair', async () => {
    const ip = '10.21.0.1';
    for (let i = 0; i < 5; i++) expect((await signIn(app, 'tmcs', 'salah', ip)).statusCode).toBe(401);

    const first = await signIn(app, 'tmcs', DEMO_PASSWORD, ip);
    expect(first.statusCode).toBe(429);
    expect(first.json()).toEqual({
      statusCode: 429,
      statusMsg: 'Terlalu banyak cubaan log masuk. Sila cuba lagi dalam 2 saat.',
      body: { errorCode: 'TOO_MANY_REQUESTS', retryAfterSeconds: 2 },
    });
    expect(first.headers['retry-after']).toBe('2');

    advance(1);
    expect(Number((await signIn(app, 'tmcs', 'salah', ip)).headers['retry-after'])).toBe(1);
    advance(1);
    expect((await signIn(app, 'tmcs', 'salah', ip)).statusCode).toBe(401);
    const second = await signIn(app, 'tmcs', 'salah', ip);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBe(4);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(Number(first.headers['retry-after']));
    advance(4);
    expect((await signIn(app, 'tmcs', 'salah', ip)).statusCode).toBe(401);
    expect(Number((await signIn(app, 'tmcs', 'salah', ip)).headers['retry-after'])).toBe(8);

    // capped: many failures later the wait is LOGIN_MAX_DELAY_SECONDS, said in minutes
    await app.ctx.db
      .update(loginThrottle)
      .set({ failures: 30 })
      .where(eq(loginThrottle.key, `pair:${ip} tmcs`));
    advance(8);
    expect((await signIn(app, 'tmcs', 'salah', ip)).statusCode).toBe(401);
    const capped = await signIn(app, 'tmcs', DEMO_PASSWORD, ip);
    expect(capped.headers['retry-after']).toBe(String(15 * 60));
    expect(capped.json().statusMsg).toBe('Terlalu banyak cubaan log masuk. Sila cuba lagi dalam 15 minit.');

    advance(15 * 60);
    expect((await signIn(app, 'tmcs', DEMO_PASSWORD, ip)).statusCode).toBe(200);
    expect(
      await app.ctx.db
        .select()
        .from(loginThrottle)
        .where(eq(loginThrottle.key, `pair:${ip} tmcs`)),
    ).toEqual([]);
    // cleared: the free failures are free again
    for (let i = 0; i < 5; i++) expect((await signIn(app, 'tmcs', 'salah', ip)).statusCode).toBe(401);
    expect((await signIn(app, 'tmcs', DEMO_PASSWORD, ip)).statusCode).toBe(429);
  });

  it('a pair is forgotten a window after its delay ended', async () => {
    const ip = '10.22.0.1';
    for (let i = 0; i < 5; i++) expect((await signIn(app, 'sectmgr', 'salah', ip)).statusCode).toBe(401);
    advance(2 + LOGIN.windowSeconds);
    for (let i = 0; i < 5; i++) expect((await signIn(app, 'sectmgr', 'salah', ip)).statusCode).toBe(401);
    expect((await signIn(app, 'sectmgr', 'salah', ip)).statusCode).toBe(429);
  });

  it('an unknown username is throttled exactly like a known one', async () => {
    const run = async (username: string, ip: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await signIn(app, username, 'salah', ip);
        seen.push(`${res.statusCode} ${res.headers['retry-after'] ?? '-'} ${res.json().statusMsg}`);
        if (i === 5) advance(2);
      }
      return seen;
    };
    const known = await run('pengguna', '10.23.0.1');
    const unknown = await run('tiada.sesiapa', '10.23.0.2');
    expect(unknown).toEqual(known);
    expect(known.slice(4, 6)).toEqual([
      '401 - Nama pengguna atau kata laluan tidak sah.',
      '429 2 Terlalu banyak cubaan log masuk. Sila cuba lagi dalam 2 saat.',
    ]);
  });

  it('concurrent guesses of one pair cannot slip past the delay together', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(app, 'admin', `salah${i}`, '10.24.0.1')));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)]);
    // only 5 passwords were checked at all (each checked wrong password is a failure of the address): the 7 others
    // were refused at the gate, not after their guess had been tried
    const [addr] = await app.ctx.db.select().from(loginThrottle).where(eq(loginThrottle.key, 'addr:10.24.0.1'));
    expect(addr.failures).toBe(5);
  });

  it('50 operators behind one address, each with a typo first, all sign in', async () => {
    const room = operators;
    const answers = await Promise.all(
      room.map(async (username) => [
        (await signIn(app, username, `${DEMO_PASSWORD}x`, '10.30.0.1')).statusCode,
        (await signIn(app, username, DEMO_PASSWORD, '10.30.0.1')).statusCode,
      ]),
    );
    expect(answers).toEqual(room.map(() => [401, 200]));
    // successes never counted for the address
    const [addr] = await app.ctx.db.select().from(loginThrottle).where(eq(loginThrottle.key, 'addr:10.30.0.1'));
    expect(addr.failures).toBe(50);
  });

  it('past its failures threshold an address is delayed (growing), another address is not', async () => {
    const ip = '10.40.0.1';
    // spread over the operators' usernames: no pair reaches its own delay
    for (let i = 0; i < LOGIN.failsPerAddress; i++) {
      const res = await signIn(app, operators[i % operators.length], 'salah', ip);
      expect(res.statusCode, `failure ${i + 1}`).toBe(401);
    }
    const delayed = await signIn(app, operators[0], DEMO_PASSWORD, ip);
    expect(delayed.statusCode).toBe(429);
    expect(delayed.headers['retry-after']).toBe('2');
    expect((await signIn(app, operators[1], DEMO_PASSWORD, '10.40.0.2')).statusCode).toBe(200);
    advance(2);
    expect((await signIn(app, operators[2], 'salah', ip)).statusCode).toBe(401);
    expect((await signIn(app, operators[3], DEMO_PASSWORD, ip)).headers['retry-after']).toBe('4');
    // the delay over, the right password works; a window after its first failure the address starts over
    advance(LOGIN.windowSeconds);
    expect((await signIn(app, operators[3], DEMO_PASSWORD, ip)).statusCode).toBe(200);
    expect((await signIn(app, operators[4], 'salah', ip)).statusCode).toBe(401);
    const [addr] = await app.ctx.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `addr:${ip}`));
    expect(addr).toMatchObject({ failures: 1, nextAllowedAt: new Date(nowMs) });
  });

  it('old rows are pruned; the delays and IPv6 grouping follow the rules', async () => {
    advance(10 * LOGIN.windowSeconds);
    expect((await signIn(app, 'tiada.lagi', 'salah', '10.50.0.1')).statusCode).toBe(401);
    const left = await app.ctx.db.select({ key: loginThrottle.key }).from(loginThrottle);
    expect(left.map((r) => r.key).sort()).toEqual(['addr:10.50.0.1', 'pair:10.50.0.1 tiada.lagi']);

    expect([4, 5, 6, 7, 14, 15, 40].map((f) => delaySeconds(f, 5, LOGIN))).toEqual([0, 2, 4, 8, 900, 900, 900]);
    expect(addressOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressOf('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressOf('10.1.2.3')).toBe('10.1.2.3');
  });
});

describe('sign-in throttling across restarts and instances', () => {
  let handle: DbHandle;
  const config = {
    dataDir: 'memory://',
    seedDemo: true,
    seedFastHash: true,
    clientDir: '/nonexistent',
    jwtSecret: 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
    login: LOGIN,
  };
  beforeAll(async () => {
    handle = await openTestDb();
  });
  afterAll(async () => handle?.close());

  it('the counters are in the database: a restarted app and a second instance still delay the pair', async () => {
    const first = await build({ logger: false, db: handle, config });
    await first.ready();
    for (let i = 0; i < 5; i++) expect((await signIn(first, 'tmca', 'salah', '10.60.0.1')).statusCode).toBe(401);
    expect((await signIn(first, 'tmca', DEMO_PASSWORD, '10.60.0.1')).statusCode).toBe(429);
    await first.close();

    const restarted = await build({ logger: false, db: handle, config });
    const other = await build({ logger: false, db: handle, config });
    try {
      await Promise.all([restarted.ready(), other.ready()]);
      const after = await signIn(restarted, 'tmca', DEMO_PASSWORD, '10.60.0.1');
      expect(after.statusCode).toBe(429);
      expect(after.headers['retry-after']).toBe('2');
      // instances share them: a failure on one is a failure on the other
      advance(2);
      expect((await signIn(other, 'tmca', 'salah', '10.60.0.1')).statusCode).toBe(401);
      expect((await signIn(restarted, 'tmca', DEMO_PASSWORD, '10.60.0.1')).headers['retry-after']).toBe('4');
      advance(4);
      expect((await signIn(restarted, 'tmca', DEMO_PASSWORD, '10.60.0.1')).statusCode).toBe(200);
    } finally {
      await restarted.close();
      await other.close();
    }
  });
});
