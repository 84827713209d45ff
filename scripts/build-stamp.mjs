// Whether dist/ is the build of the sources as they are now: `npm start` builds only when it is not (scripts/start.mjs).
// `npm run build` records the sources it starts from (path, mtime and size of every input file) in
// dist/.build-pending.json and, once every step has succeeded, makes that the stamp (dist/.build-stamp.json). Taken at
// the start, an edit made while the build runs counts as newer than the build; a failed build leaves no stamp.
//   node scripts/build-stamp.mjs begin | end
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What a build reads: a change to any of them (added, removed, touched) makes the build stale. */
export const INPUTS = [
  'src',
  'sw',
  'contract',
  'server',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build-server.mjs',
];
/** written by the build itself (TanStack's router plugin), from the routes that are inputs already */
const GENERATED = new Set(['src/app/route-tree.gen.ts']);
export const STAMP = '.build-stamp.json';
const PENDING = '.build-pending.json';

/** Every input file as `path mtimeMs size`, sorted (paths relative to root, with /). */
export function sourceList(root) {
  const out = [];
  const visit = (rel) => {
    const abs = path.join(root, rel);
    let st;
    try {
      st = statSync(abs);
    } catch {
      return; // an input this checkout does not have
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(abs)) visit(`${rel}/${name}`);
    } else if (!GENERATED.has(rel)) {
      out.push(`${rel} ${Math.round(st.mtimeMs)} ${st.size}`);
    }
  };
  for (const input of INPUTS) visit(input);
  return out.sort();
}

const built = (distDir) => existsSync(path.join(distDir, 'server', 'server.mjs')) && existsSync(path.join(distDir, 'client', 'index.html'));

/**
 * { built, stale, reason }: built when dist holds a server and a client; stale when it is not built, has no stamp
 * (a build that failed, or one made before stamps), or an input differs from the stamp's (reason names the first).
 */
export function buildState(root, distDir) {
  const dist = path.resolve(root, distDir);
  if (!built(dist)) return { built: false, stale: true, reason: `nothing is built in ${distDir}/` };
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(path.join(dist, STAMP), 'utf8'));
  } catch {
    return { built: true, stale: true, reason: `${distDir}/ has no complete build stamp (a build that did not finish, or one older than stamps)` };
  }
  const now = sourceList(root);
  const then = new Set(stamp.sources);
  const changed = now.find((line) => !then.has(line));
  if (changed) return { built: true, stale: true, reason: `${changed.split(' ')[0]} changed since the build of ${stamp.startedAt}` };
  if (now.length !== stamp.sources.length) {
    const present = new Set(now.map((l) => l.split(' ')[0]));
    const gone = stamp.sources.map((l) => l.split(' ')[0]).find((p) => !present.has(p));
    return { built: true, stale: true, reason: `${gone} was removed since the build of ${stamp.startedAt}` };
  }
  return { built: true, stale: false, reason: `the build of ${stamp.startedAt} is up to date`, startedAt: stamp.startedAt };
}

/** Before the build: the sources it starts from; any earlier stamp is void until this build ends. */
export function beginBuild(root, distDir) {
  const dist = path.resolve(root, distDir);
  mkdirSync(dist, { recursive: true });
  rmSync(path.join(dist, STAMP), { force: true });
  writeFileSync(path.join(dist, PENDING), JSON.stringify({ startedAt: new Date().toISOString(), sources: sourceList(root) }));
}

/** After every step of the build succeeded. */
export function endBuild(root, distDir) {
  const dist = path.resolve(root, distDir);
  renameSync(path.join(dist, PENDING), path.join(dist, STAMP));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const distDir = process.env.DIST_DIR || 'dist';
  const step = process.argv[2];
  if (step === 'begin') beginBuild(process.cwd(), distDir);
  else if (step === 'end') endBuild(process.cwd(), distDir);
  else {
    console.error('usage: node scripts/build-stamp.mjs begin|end');
    process.exit(2);
  }
}
