/**
 * The "API against its own SQL" measure of the list benches: call a route of the app over loopback HTTP, capture the
 * statements it sent at the driver, then time the app's call and the same statements through the driver in turns,
 * so both see the same load. ratio = the app's overhead (HTTP, auth, validation, scope, JSON).
 */
import http from 'node:http';

type Driver = { query: (...args: unknown[]) => Promise<unknown> };

export interface SqlCapture {
  /** the statements a call sends (the per-request token check left out) */
  during: (call: () => Promise<unknown>) => Promise<unknown[][]>;
  /** runs captured statements through the driver, in order */
  replay: (statements: unknown[][]) => Promise<void>;
  textOf: (args: unknown[]) => string;
}

/** Wraps the drizzle client's driver (`db.$client`) so the statements of one call can be captured and replayed. */
export function sqlCapture(db: unknown): SqlCapture {
  const driver = (db as { $client: Driver }).$client;
  const driverQuery = driver.query.bind(driver);
  let capture: unknown[][] | null = null;
  driver.query = (...args: unknown[]) => {
    if (capture) capture.push(args);
    return driverQuery(...args);
  };
  const textOf = (args: unknown[]) => (typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? ''));
  return {
    textOf,
    during: async (call) => {
      capture = [];
      try {
        await call();
        return capture.filter((args) => !/tokens_valid_after/.test(textOf(args)));
      } finally {
        capture = null;
      }
    },
    replay: async (statements) => {
      for (const args of statements) await driverQuery(...args);
    },
  };
}

/** One JSON call over a keep-alive loopback connection without Accept-Encoding (the answer as it leaves the app). */
export function loopbackClient(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const call = (method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<{ status: number; text: string }> => {
    const payload = body === undefined ? '' : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          agent,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
  return { call, close: () => agent.destroy() };
}

export interface Percentiles {
  n: number;
  p50: number;
  p90: number;
}

const percentiles = (times: number[]): Percentiles => {
  times.sort((x, y) => x - y);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return { n: times.length, p50: at(0.5), p90: at(0.9) };
};

/** p50 and p90 of `ours` and `bare`, called in turns after `warmup` pairs, up to `requests` each or `seconds`. */
export async function measurePair(
  ours: () => Promise<unknown>,
  bare: () => Promise<unknown>,
  opts: { requests: number; seconds: number; warmup?: number },
) {
  for (let i = 0; i < (opts.warmup ?? 10); i++) {
    await ours();
    await bare();
  }
  const a: number[] = [];
  const b: number[] = [];
  const end = performance.now() + opts.seconds * 1000;
  while (a.length < opts.requests && performance.now() < end) {
    let s = performance.now();
    await ours();
    a.push(performance.now() - s);
    s = performance.now();
    await bare();
    b.push(performance.now() - s);
  }
  return { ours: percentiles(a), bare: percentiles(b) };
}
