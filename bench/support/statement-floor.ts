/**
 * A call of the app against its statement floor (issue #18 item 2, issue #33 item 3): the statements the call sends
 * are captured at the app's driver in rounds (statements the app runs side by side, Promise.all, form one round),
 * every statement the call sends: on PostgreSQL that includes the token's revocation read (plugins/auth.ts reads it
 * on every request there, beside a read route's own statements); on PGlite it is kept in memory and seldom sent. Then
 * the call, the same statements replayed through the same driver, and the
 * floor (a bare node:http server in this process replaying the same statements and sending the same answer bytes)
 * are timed in turns, so all three see the same load. ours ÷ floor is the app's own overhead (framework, auth,
 * validation, scope checks, row mapping, serialisation) above what any HTTP API over these statements costs.
 */
import http from 'node:http';
import { loopbackClient } from './driver-compare';

export type QueryArgs = unknown[];
type Driver = { query: (...args: QueryArgs) => Promise<unknown> };
interface Sent {
  args: QueryArgs;
  start: number;
  end: number;
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
export const figuresOf = (times: number[], seconds: number, errors = 0): Figures => {
  times.sort((a, b) => a - b);
  return { rps: times.length / seconds, p50: percentile(times, 0.5), p99: percentile(times, 0.99), errors };
};

export const textOf = (args: QueryArgs) => (typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? ''));
export const valuesOf = (args: QueryArgs) => (Array.isArray(args[1]) ? args[1] : ((args[0] as { values?: unknown[] }).values ?? []));
/** the token's revocation read (plugins/auth.ts): the app's own session check, not the route's */
export const isSessionRead = (args: QueryArgs) => /tokens_valid_after/.test(textOf(args));

export interface Timeline {
  total: number;
  before: number;
  between: number;
  after: number;
  waiting: number;
}

export interface StatementFloor {
  /** the driver's own query, not captured */
  driverQuery: (...args: QueryArgs) => Promise<{ rows: Record<string, unknown>[] }>;
  /** the statements of one call in rounds; the fewest of `tries` captures (a background job's statement left out) */
  capture: (call: () => Promise<unknown>, tries?: number) => Promise<QueryArgs[][]>;
  replay: (rounds: QueryArgs[][]) => Promise<void>;
  /**
   * Where a call's time goes, the median of `tries` calls: before its first statement, with no statement of it under
   * way between two (the JavaScript between rounds), after its last, and waiting on the database.
   */
  timeline: (call: () => Promise<unknown>, tries?: number) => Promise<Timeline>;
  /** serves `answer` after replaying `rounds` on the floor server under `key` */
  setFloor: (key: string, rounds: QueryArgs[][], answer: string) => void;
  floorCall: (method: 'GET' | 'POST', key: string, body?: unknown) => Promise<unknown>;
  close: () => Promise<void>;
}

/** Wraps the drizzle client's driver (`db.$client`: pg Pool or PGlite) and starts the floor server. */
export async function statementFloor(db: unknown): Promise<StatementFloor> {
  const driver = (db as { $client: Driver }).$client;
  const driverQuery = driver.query.bind(driver) as StatementFloor['driverQuery'];
  let capturing: Sent[] | null = null;
  driver.query = (...args: QueryArgs) => {
    const p = driverQuery(...args);
    if (capturing) {
      const sent: Sent = { args, start: performance.now(), end: Number.POSITIVE_INFINITY };
      capturing.push(sent);
      const done = () => (sent.end = performance.now());
      p.then(done, done);
    }
    return p;
  };
  const captureOnce = async (call: () => Promise<unknown>): Promise<QueryArgs[][]> => {
    capturing = [];
    try {
      await call();
      const rounds: QueryArgs[][] = [];
      let endOfRound = Number.NEGATIVE_INFINITY;
      // the revocation read depends on nothing and nothing waits on it but the answer: the floor sends it with the
      // first round (the app sends it once that round is on its way, and it may outlast the round)
      const sessionReads = capturing.filter((x) => isSessionRead(x.args)).map((x) => x.args);
      for (const s of capturing.filter((x) => !isSessionRead(x.args))) {
        // a statement sent while an earlier one of the call was still running joins its round
        if (!rounds.length || s.start >= endOfRound) rounds.push([]);
        rounds[rounds.length - 1].push(s.args);
        endOfRound = Math.max(endOfRound, s.end);
      }
      if (sessionReads.length) {
        if (!rounds.length) rounds.push([]);
        rounds[0].unshift(...sessionReads);
      }
      return rounds;
    } finally {
      capturing = null;
    }
  };
  // through the wrapper (which captures only while a capture or a timeline runs): the floor's statements can be timed
  const replay = async (rounds: QueryArgs[][]) => {
    for (const round of rounds) await Promise.all(round.map((args) => driver.query(...args)));
  };
  const timelineOnce = async (call: () => Promise<unknown>): Promise<Timeline> => {
    capturing = [];
    const t0 = performance.now();
    let sent: Sent[];
    try {
      await call();
    } finally {
      sent = capturing;
      capturing = null;
    }
    const t1 = performance.now();
    let idle = 0;
    let waiting = 0;
    let busyUntil = t0;
    for (const s of [...sent].sort((a, b) => a.start - b.start)) {
      if (s.start > busyUntil) idle += s.start - busyUntil;
      waiting += Math.max(0, s.end - Math.max(s.start, busyUntil));
      busyUntil = Math.max(busyUntil, s.end);
    }
    const first = sent.length ? Math.min(...sent.map((s) => s.start)) : t1;
    return { total: t1 - t0, before: first - t0, after: t1 - busyUntil, between: idle - (first - t0), waiting };
  };

  const floors = new Map<string, { rounds: QueryArgs[][]; answer: string }>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const f = floors.get(req.url ?? '');
      if (!f) {
        res.writeHead(404).end();
        return;
      }
      replay(f.rounds).then(
        () => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(f.answer) }).end(f.answer),
        () => res.writeHead(500).end(),
      );
    });
  });
  // the connection may idle for seconds between a call's turns (its capture, a slow call on PGlite): not closed under
  // the client meanwhile (node's 5 s default would race a reuse, 'socket hang up')
  server.keepAliveTimeout = 600_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = loopbackClient((server.address() as { port: number }).port);

  return {
    driverQuery,
    capture: async (call, tries = 3) => {
      let rounds = await captureOnce(call);
      for (let i = 1; i < tries; i++) {
        const again = await captureOnce(call);
        if (again.flat().length < rounds.flat().length) rounds = again;
      }
      return rounds;
    },
    replay,
    timeline: async (call, tries = 200) => {
      const all: Timeline[] = [];
      for (let i = 0; i < tries; i++) all.push(await timelineOnce(call));
      const median = (k: keyof Timeline) => all.map((t) => t[k]).sort((a, b) => a - b)[Math.floor(all.length / 2)];
      return { total: median('total'), before: median('before'), between: median('between'), after: median('after'), waiting: median('waiting') };
    },
    setFloor: (key, rounds, answer) => floors.set(key, { rounds, answer }),
    floorCall: (method, key, body) => client.call(method, key, body),
    close: async () => {
      client.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The call, its statements through the driver and the floor, one after the other, for `seconds` after a warm-up. */
export async function inTurns(ours: () => Promise<unknown>, bare: () => Promise<unknown>, floor: () => Promise<unknown>, seconds: number) {
  for (let i = 0; i < 20; i++) {
    await ours();
    await bare();
    await floor();
  }
  const a: number[] = [];
  const b: number[] = [];
  const c: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    let t = performance.now();
    await ours();
    a.push(performance.now() - t);
    t = performance.now();
    await bare();
    b.push(performance.now() - t);
    t = performance.now();
    await floor();
    c.push(performance.now() - t);
  }
  const spent = (x: number[]) => x.reduce((s, v) => s + v, 0) / 1000;
  return { ours: figuresOf(a, spent(a)), bare: figuresOf(b, spent(b)), floor: figuresOf(c, spent(c)) };
}
