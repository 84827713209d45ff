import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { CellHistogram } from '../../server/lib/histogram';

const BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.1, 1];
/** values on, between, below and above the bounds */
const SEEN: [Record<string, string>, number][] = [
  [{ method: 'GET', route: '/a', status_code: '200' }, 0.0005],
  [{ method: 'GET', route: '/a', status_code: '200' }, 0.001],
  [{ method: 'GET', route: '/a', status_code: '200' }, 0.0011],
  [{ method: 'GET', route: '/a', status_code: '200' }, 0.0025],
  [{ method: 'POST', route: '/b "q"', status_code: '401' }, 0.05],
  [{ method: 'GET', route: '/a', status_code: '200' }, 7],
  [{ method: 'POST', route: '/b "q"', status_code: '401' }, 1],
];

function both() {
  const theirs = new Registry();
  const ours = new Registry();
  const reference = new Histogram({
    name: 'h_seconds',
    help: 'A help text',
    labelNames: ['method', 'route', 'status_code'],
    buckets: BOUNDS,
    registers: [theirs],
  });
  const cells = new CellHistogram('h_seconds', 'A help text', BOUNDS, [ours]);
  for (const [labels, v] of SEEN) {
    reference.observe(labels, v);
    cells.cell(labels).observe(v);
  }
  return { theirs, ours, cells };
}

describe('CellHistogram (server/lib/histogram.ts)', () => {
  it("writes the same Prometheus text as prom-client's Histogram for the same observations", async () => {
    const { theirs, ours } = both();
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    // and the figures are right, not only alike: 5 of /a, 3 of them ≤ 2.5 ms, 7 s only in +Inf
    expect(text).toContain('h_seconds_bucket{le="0.0025",method="GET",route="/a",status_code="200"} 4');
    expect(text).toContain('h_seconds_bucket{le="1",method="GET",route="/a",status_code="200"} 4');
    expect(text).toContain('h_seconds_bucket{le="+Inf",method="GET",route="/a",status_code="200"} 5');
    expect(text).toContain('h_seconds_count{method="POST",route="/b \\"q\\"",status_code="401"} 2');
    expect(text).toContain('h_seconds_sum{method="POST",route="/b \\"q\\"",status_code="401"} 1.05');
  });

  it('answers the same JSON as prom-client (getMetricsAsJSON)', async () => {
    const { theirs, ours } = both();
    const strip = (m: unknown) => JSON.parse(JSON.stringify(m, (k, v) => (k === 'exemplar' ? undefined : v)));
    expect(strip(await ours.getMetricsAsJSON())).toEqual(strip(await theirs.getMetricsAsJSON()));
  });

  it('keeps one cell per label set, drops a figure that is not finite, and is zeroed by resetMetrics', async () => {
    const { ours, cells } = both();
    const a = cells.cell({ method: 'GET', route: '/a', status_code: '200' });
    expect(cells.cell({ method: 'GET', route: '/a', status_code: '200' })).toBe(a);
    a.observe(Number.NaN);
    a.observe(Number.POSITIVE_INFINITY);
    expect(a.count).toBe(5);
    ours.resetMetrics();
    expect(a.count).toBe(0);
    expect(await ours.metrics()).toContain('h_seconds_count{method="GET",route="/a",status_code="200"} 0');
  });

  it('refuses bounds that do not increase', () => {
    expect(() => new CellHistogram('x', 'x', [0.1, 0.1], [])).toThrow(/increase/);
  });
});
