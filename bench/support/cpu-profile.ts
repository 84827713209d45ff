/**
 * A V8 CPU profile of this process while a bench runs a call over and over (BENCH_CPU_PROF=<dir>), and where its
 * time went: by place (a package of node_modules, a folder of this repository, node itself) and by function.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
/** Where a sampled function lives: a package of node_modules, a folder of this repository, node itself. */
function placeOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : 'node (native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const m = /\/(server|contract|bench|scripts)\/(.*)$/.exec(url);
  return m ? `${m[1]}/${m[2]}` : url;
}

export function summarise(profile: CpuProfile, requests: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byPlace = new Map<string, number>();
  const byFn = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const fn = n.callFrame.functionName || '(anonymous)';
    if (fn === '(idle)') continue;
    busy += us;
    const place = placeOf(n.callFrame.url, fn);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
    const key = `${fn} ${place}:${n.callFrame.lineNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + us);
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, us]) => `    ${(us / 1000 / requests).toFixed(3).padStart(7)} ms/request ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${name}`);
  return [
    `  busy ${(busy / 1000 / requests).toFixed(2)} ms of CPU per call, client included (${requests} calls); by place:`,
    ...top(byPlace, 14),
    '  heaviest functions (self time):',
    ...top(byFn, 14),
  ].join('\n');
}

/** A profiler writing `<dir>/<name>.cpuprofile` for `run`'s calls over `seconds`, or null without a directory. */
export async function cpuProfiler(dir: string | undefined) {
  if (!dir) return null;
  mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  return async (name: string, call: () => Promise<unknown>, seconds: number) => {
    await session.post('Profiler.start');
    let calls = 0;
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
      await call();
      calls++;
    }
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
    const file = path.join(dir, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    return { file, summary: summarise(profile, calls) };
  };
}
