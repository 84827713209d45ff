/**
 * The build's patch of Chakra's style memo (vite.config.ts, chakraMemoLighter): most hits move nothing, and the cache
 * still evicts what was not used lately: an entry in use survives thousands of other answers, one left alone goes.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MEMO = path.join(ROOT, 'node_modules/@chakra-ui/react/dist/esm/utils/memo.js');

async function patchedMemo(): Promise<(fn: (x: unknown) => unknown) => (x: unknown) => unknown> {
  const config = (await import('../../vite.config')).default as { plugins: unknown[] };
  const plugin = (config.plugins.flat(5) as Plugin[]).find((p) => p?.name === 'chakra-memo-lighter');
  if (!plugin || typeof plugin.transform !== 'function') throw new Error('no chakra-memo-lighter plugin');
  const errors: string[] = [];
  const out = (await plugin.transform.call({ error: (m: string) => errors.push(m) } as never, readFileSync(MEMO, 'utf8'), MEMO)) as { code: string };
  expect(errors).toEqual([]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'lbh-memo-')), 'memo.mjs');
  writeFileSync(file, out.code);
  return (await import(pathToFileURL(file).href)).memo;
}

describe("Chakra's style memo, as the build patches it", () => {
  it('answers a key once; an entry in use outlives 5,000 others; one left alone is evicted', async () => {
    const memo = await patchedMemo();
    let computed = 0;
    const style = memo((x) => {
      computed++;
      return { x };
    });
    const hot = style({ a: 1, b: 2 });
    for (let i = 0; i < 5000; i++) {
      style({ i });
      if (i % 50 === 0) expect(style({ a: 1, b: 2 })).toBe(hot);
    }
    expect(computed).toBe(5001);

    const other = memo((x) => ({ x }));
    const cold = other('cold');
    for (let i = 0; i < 600; i++) other(`k${i}`);
    expect(other('cold')).not.toBe(cold);
  });
});
