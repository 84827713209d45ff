// Bundles the server's own code (dependencies stay in node_modules) and ships the migrations beside it.
import { build } from 'esbuild';
import { cp, rm, mkdir } from 'node:fs/promises';

const out = `${process.env.DIST_DIR || 'dist'}/server`;
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
await build({
  entryPoints: { server: 'server/server.ts' },
  outdir: out,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await cp('server/db/migrations', `${out}/migrations`, { recursive: true });
console.log(`server built → ${out}/server.mjs`);
