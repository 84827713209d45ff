import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setLanguage, t } from '@/lib/i18n';

/*
 * A screen's texts are a part (src/lib/i18n/parts/<area>.ts) that registers itself when imported, so it ships with
 * the chunk of the feature that imports it, not with the shell. A module using a part's keys must therefore be
 * reachable from the app's entry only through modules that import the part (itself, or a module above it): this
 * test walks the import graph of src/ (static and dynamic imports) from src/main.tsx and the worker, and fails on
 * a module that uses a part's keys and can be reached without passing through an import of that part.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const PARTS_DIR = path.join(ROOT, 'src/lib/i18n/parts');
const ENTRIES = [path.join(ROOT, 'src/main.tsx'), path.join(ROOT, 'sw/sw.ts')];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(f) ? [p] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(ROOT, 'src', spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null; // packages and the contract hold no UI texts
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    try {
      if (statSync(c).isFile()) return c;
    } catch {
      /* next candidate */
    }
  }
  return null;
}

/** Modules a file loads at run time: static value imports, side-effect imports, re-exports, and import() (dynamic). */
function runtimeImports(file: string, text: string): { all: string[]; static: string[]; dynamic: string[] } {
  const specs: string[] = [];
  for (const m of text.matchAll(/^\s*import\s+(type\s+)?([^'";]*?)\s+from\s+'([^']+)'/gm)) {
    if (m[1]) continue; // import type … from
    const names = /\{([^}]*)\}/s.exec(m[2])?.[1];
    const onlyTypes =
      names !== undefined &&
      !/^\s*\w/.test(m[2]) &&
      names
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith('type '));
    if (!onlyTypes) specs.push(m[3]);
  }
  for (const m of text.matchAll(/^\s*import\s+'([^']+)'/gm)) specs.push(m[1]);
  for (const m of text.matchAll(/^\s*export\s+(?!type\b)[^'";]*?\s+from\s+'([^']+)'/gm)) specs.push(m[1]);
  const dynamic = [...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]);
  const resolved = (list: string[]) => list.map((s) => resolve(file, s)).filter((p): p is string => p !== null);
  return { all: resolved([...specs, ...dynamic]), static: resolved(specs), dynamic: resolved(dynamic) };
}

const partFiles = readdirSync(PARTS_DIR)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => path.join(PARTS_DIR, f));
const partKeys = new Map<string, string[]>();
for (const file of partFiles) {
  const mod = (await import(/* @vite-ignore */ file)) as Record<string, Record<string, string>>;
  const msPart = Object.entries(mod).find(([name]) => name.endsWith('Ms'))![1];
  partKeys.set(file, Object.keys(msPart));
}

/**
 * Parts whose keys a file uses: a string literal equal to a key, or a literal/template head ending in '.' that starts
 * one. Outbox kinds ('journal.read', 'incident.create') look like keys and are not texts: a literal given as a kind
 * (`kind: '…'`, `kind === '…'`, the first argument of queuedWrite) does not count.
 */
function partsUsedBy(source: string): string[] {
  const text = source.replace(/\bkind\s*(?::|===|!==)\s*'[^']*'/g, '').replace(/\bqueuedWrite(?:<[^>]*>)?\(\s*'[^']*'/g, '');
  const literals = [...text.matchAll(/'([A-Za-z][\w.]*)'|"([A-Za-z][\w.]*)"|`([A-Za-z][\w.]*)(?:`|\$\{)/g)].map((m) => ({
    value: m[1] ?? m[2] ?? m[3],
    head: m[3] !== undefined && !m[0].endsWith('`'),
  }));
  const used: string[] = [];
  for (const [file, keys] of partKeys) {
    const hit = literals.some(({ value, head }) =>
      head || value.endsWith('.') ? value.includes('.') && keys.some((k) => k.startsWith(value)) : keys.includes(value),
    );
    if (hit) used.push(file);
  }
  return used;
}

const sources = [...files(path.join(ROOT, 'src')), ...files(path.join(ROOT, 'sw'))].filter((f) => !f.startsWith(path.join(ROOT, 'src/lib/i18n')));
const graph = new Map<string, string[]>();
const staticImports = new Map<string, string[]>();
const dynamicImports = new Map<string, string[]>();
const uses = new Map<string, string[]>();
for (const file of sources) {
  const text = readFileSync(file, 'utf8');
  const imports = runtimeImports(file, text);
  graph.set(file, imports.all);
  staticImports.set(file, imports.static);
  dynamicImports.set(file, imports.dynamic);
  uses.set(file, partsUsedBy(text));
}

describe('UI text parts load with the modules that use them', () => {
  it('finds the modules and the parts', () => {
    expect(partKeys.size).toBeGreaterThan(5);
    expect(uses.get(path.join(ROOT, 'src/features/tmclog/tmclog-screen.tsx'))).toContain(path.join(PARTS_DIR, 'tmclog.ts'));
    expect(graph.get(path.join(ROOT, 'src/main.tsx'))).toContain(path.join(ROOT, 'src/app/app.tsx'));
  });

  it('every part registers itself and is part of TextKey', () => {
    const textKeys = readFileSync(path.join(ROOT, 'src/lib/i18n/text-keys.ts'), 'utf8');
    for (const file of partFiles) {
      const text = readFileSync(file, 'utf8');
      const base = /export const (\w+)Ms = \{/.exec(text)?.[1];
      expect(base, file).toBeTruthy();
      expect(text, file).toContain(`registerTexts(${base}Ms, ${base}En);`);
      expect(textKeys, file).toContain(`keyof typeof ${base}Ms`);
    }
  });

  it('no module using a part can be reached from the entry without passing through an import of that part', () => {
    const offenders: string[] = [];
    for (const part of partFiles) {
      const seen = new Set<string>();
      const queue = ENTRIES.filter((e) => graph.has(e));
      while (queue.length) {
        const file = queue.pop()!;
        if (seen.has(file)) continue;
        seen.add(file);
        const deps = graph.get(file) ?? [];
        // a static import: this module and what it loads have the part; an import() of the part: the module itself
        // (which uses the texts once it is there), not what it imports statically
        if (staticImports.get(file)?.includes(part)) continue;
        const loadsLater = dynamicImports.get(file)?.includes(part);
        if (!loadsLater && uses.get(file)?.includes(part))
          offenders.push(`${path.relative(ROOT, file)} uses ${path.basename(part)} without importing it`);
        for (const d of deps) if (graph.has(d)) queue.push(d);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("a part's texts are there once it is imported, in both languages", async () => {
    const { commsMs, commsEn } = await import('@/lib/i18n/parts/comms');
    expect(t('comms.notifyAllow', undefined, 'ms')).toBe(commsMs['comms.notifyAllow']);
    expect(t('comms.seenBy', { seen: 2, total: 5 })).toBe(commsMs['comms.seenBy'].replace('{seen}', '2').replace('{total}', '5'));
    // English of a part follows the language switch (the shell's English loads then)
    await setLanguage('en');
    expect(t('comms.notifyAllow')).toBe(commsEn['comms.notifyAllow']);
    expect(t('app.retry')).toBe('Try again');
    await setLanguage('ms');
    expect(t('comms.notifyAllow')).toBe(commsMs['comms.notifyAllow']);
  });
});
