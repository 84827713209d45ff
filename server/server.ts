import closeWithGrace from 'close-with-grace';
import { build } from './app';
import { loadConfig } from './config';
import { jsonLog } from './lib/json-log';

/** Listens and shuts down gracefully; everything else lives in app.ts. */
async function main() {
  const config = loadConfig();
  const startedAt = performance.now();
  const app = await build({ config });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ ms: Math.round(performance.now() - startedAt) }, `Lebuhraya Ops ready on http://localhost:${config.port}`);
}

main().catch((err) => {
  // before the app (and its logger) exists, or after it failed: still one JSON line
  jsonLog('fatal', { err }, 'the server could not start');
  process.exit(1);
});
