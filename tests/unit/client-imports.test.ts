import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The contract modules that build zod schemas are for the server (and the tests): the PWA takes only their types
 * (`import type`), and its run-time constants from the zod-free modules (incident-rules, child-rules, lookups,
 * roles, paths, menu). A value import would put the whole of zod into the client's chunks — this test finds one.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const CONTRACT = path.join(ROOT, 'contract');

const zodModules = readdirSync(CONTRACT)
  .filter((f) => f.endsWith('.ts') && /from 'zod'/.test(readFileSync(path.join(CONTRACT, f), 'utf8')))
  .map((f) => f.replace(/\.ts$/, ''));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(f) ? [p] : [];
  });
}

describe('client imports of the contract', () => {
  it('knows the schema modules', () => {
    expect(zodModules).toEqual(expect.arrayContaining(['incidents', 'child-lists', 'envelope']));
    expect(zodModules).not.toContain('child-rules');
    expect(zodModules).not.toContain('incident-rules');
  });

  it('src/ and sw/ import only types from them', () => {
    // The administration screens (issue #14) validate their forms with the contract's own zod schemas, as the issue
    // asks: those lazy chunks (managers and administrators, on the desktop) may take the admin areas' schema modules
    // by value. Nothing else may, and the first load stays zod-free (bench/bundle-size.mjs).
    const ADMIN_IMPORTERS = /^src\/(features\/(staff|users|leave|teams|shifts|rondas|roster|fleet)|ui\/admin)\//;
    const ADMIN_SCHEMAS = new Set(['admin', 'staff', 'users', 'leave', 'teams', 'shifts', 'rondas', 'rosters', 'fleet']);
    const offenders: string[] = [];
    const mods = zodModules.join('|');
    const valueImport = new RegExp(`^import\\s+(?!type\\b)[^;]*?from\\s+'@contract/(${mods})';`, 'gms');
    for (const file of [...files(path.join(ROOT, 'src')), ...files(path.join(ROOT, 'sw'))]) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(valueImport)) {
        // `import { type A, type B } from …` is a type import too
        const names = /\{([^}]*)\}/s.exec(m[0])?.[1] ?? '';
        const values = names
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith('type '));
        if (ADMIN_IMPORTERS.test(path.relative(ROOT, file)) && ADMIN_SCHEMAS.has(m[1])) continue;
        if (values.length || !names) offenders.push(`${path.relative(ROOT, file)}: ${m[0].replace(/\s+/g, ' ')}`);
      }
      if (/from '@contract'/.test(text) && /^import\s+(?!type\b)[^;]*from '@contract';/m.test(text))
        offenders.push(`${path.relative(ROOT, file)}: imports the contract index`);
    }
    expect(offenders).toEqual([]);
  });
});

/*
 * bulletproof-react: a feature (src/features/<area>/) takes shared code (src/lib, src/ui, src/offline, the contract)
 * and never another feature; the app (src/app) and the route files (src/routes) compose features (slot props, the
 * registries in src/lib). Static imports, re-exports, side-effect imports and import() all count, and so do
 * relative paths that climb into another feature.
 */
describe('features never import each other', () => {
  const FEATURES = path.join(ROOT, 'src/features');
  const areas = readdirSync(FEATURES).filter((f) => statSync(path.join(FEATURES, f)).isDirectory());
  const specifier = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])([^'"\n]+)\1/gm;

  /** The feature a specifier points into (null: shared code or a package). */
  function featureOf(file: string, spec: string): string | null {
    let target: string;
    if (spec.startsWith('@/')) target = path.join(ROOT, 'src', spec.slice(2));
    else if (spec.startsWith('.')) target = path.resolve(path.dirname(file), spec);
    else return null;
    const rel = path.relative(FEATURES, target);
    if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
    return rel.split(path.sep)[0] || null;
  }

  it('knows the features', () => {
    expect(areas).toEqual(expect.arrayContaining(['auth', 'incidents', 'journal', 'sync', 'support']));
  });

  it('no src/features/<area>/ file imports from another feature', () => {
    const offenders: string[] = [];
    for (const area of areas) {
      for (const file of files(path.join(FEATURES, area))) {
        const text = readFileSync(file, 'utf8');
        for (const m of text.matchAll(specifier)) {
          const other = featureOf(file, m[2]);
          if (other && other !== area) {
            const line = text.slice(0, m.index).split('\n').length;
            offenders.push(`${path.relative(ROOT, file)}:${line}: '${m[2]}' (${area} → ${other})`);
          }
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
