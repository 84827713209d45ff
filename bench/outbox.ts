// The outbox (issue #4): 1,000 queued mutations, 100 of them photos of about 200 KB, drained against the local server
// by the replay engine (src/offline/sync-engine.ts, Dexie over fake-indexeddb in Node), beside the same requests sent
// straight with fetch in the same run (the ratio is the figure). Then the cost of enqueueing one item in the browser
// (system Chromium, real IndexedDB): median and p95.
//   npx tsx bench/outbox.ts            (BENCH_ITEMS, BENCH_PHOTOS to change the sizes)
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build as viteBuild } from 'vite';
import { chromium } from 'playwright-core';
import { build } from '../server/app';
import { PATHS } from '../contract/paths';
import { createDb } from '../src/offline/db';
import { enqueue, ref, type NewOutboxItem } from '../src/offline/outbox';
import { drain } from '../src/offline/sync-engine';
import { insertIncident } from '../tests/server/support/incident-fixtures';
import { tinyJpeg } from '../tests/support/images';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1000);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 100);
const PHOTO_BYTES = 200 * 1024;
const PASSWORD = 'Lebuhraya@2026';

const dataDir = await mkdtemp(path.join(tmpdir(), 'lbh-bench-outbox-'));
const app = await build({ logger: false, config: { dataDir, clientDir: '/nonexistent', seedFastHash: true } });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const loginRes = await fetch(`${base}${PATHS.login}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'tmca', password: PASSWORD }),
});
const { body: auth } = (await loginRes.json()) as { body: { token: string; user: { userId: string; pkStaffId: number } } };
const token = auth.token;
const photo = new Uint8Array(tinyJpeg(PHOTO_BYTES));
const photoB64 = Buffer.from(photo).toString('base64');

/** The mutations: journal entries on a few cases; every (ITEMS/PHOTOS)-th is a photo of the entry before it. */
function plan(incidentIds: number[]) {
  const every = Math.max(1, Math.floor(ITEMS / PHOTOS));
  const out: { kind: 'entry' | 'photo'; incidentId: number; text: string }[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const photoSlot = i > 0 && (i + 1) % every === 0 && out.filter((o) => o.kind === 'photo').length < PHOTOS;
    // a photo belongs to the entry just before it (same case)
    const incidentId = photoSlot ? out[i - 1].incidentId : incidentIds[i % incidentIds.length];
    out.push({ kind: photoSlot ? 'photo' : 'entry', incidentId, text: `Catatan penanda aras ${i + 1}` });
  }
  return out;
}

async function cases(n: number) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push((await insertIncident(app as never, { section: 'N9', staffId: auth.user.pkStaffId })).id);
  return ids;
}

/** Straight fetch: the same requests, in the same order, each photo after its entry's answer. */
async function straight(incidentIds: number[]) {
  const steps = plan(incidentIds);
  const lastEntry = new Map<number, number>();
  const t0 = performance.now();
  for (const s of steps) {
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
      'x-device-id': 'bench',
      'x-client-time': new Date().toISOString(),
    };
    if (s.kind === 'entry') {
      const r = await fetch(`${base}${PATHS.journalEntrySave}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ entry: s.text, pkIncidentId: s.incidentId }),
      });
      const j = (await r.json()) as { body: { pkJournalEntryId: number } };
      if (!r.ok) throw new Error(`entry ${r.status}`);
      lastEntry.set(s.incidentId, j.body.pkJournalEntryId);
    } else {
      const r = await fetch(`${base}${PATHS.documentSave}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          tableType: 'JOURNAL_ENTRY',
          fkTableId: lastEntry.get(s.incidentId),
          documentName: 'foto.jpg',
          documentType: 'image/jpeg',
          fileContent: photoB64,
        }),
      });
      if (!r.ok) throw new Error(`photo ${r.status} ${await r.text()}`);
      await r.arrayBuffer();
    }
  }
  return performance.now() - t0;
}

/** The outbox: everything queued first (entries create an entity; photos refer to it), then one drain. */
async function viaOutbox(incidentIds: number[], run: number) {
  const db = createDb(`bench-outbox-${run}`);
  await db.open();
  const steps = plan(incidentIds);
  const lastEntity = new Map<number, string>();
  const items: NewOutboxItem[] = [];
  const blob = new Blob([photo], { type: 'image/jpeg' });
  for (const s of steps) {
    const group = `incident:${s.incidentId}`;
    if (s.kind === 'entry') {
      const entity = randomUUID();
      lastEntity.set(s.incidentId, entity);
      items.push({
        userId: auth.user.userId,
        kind: 'journal.save',
        label: s.text,
        path: PATHS.journalEntrySave,
        body: { entry: s.text, pkIncidentId: s.incidentId },
        group,
        creates: { entity, idField: 'pkJournalEntryId', kind: 'journal' },
      });
    } else {
      items.push({
        userId: auth.user.userId,
        kind: 'document.save',
        label: 'Foto',
        path: PATHS.documentSave,
        body: { tableType: 'JOURNAL_ENTRY', fkTableId: ref(lastEntity.get(s.incidentId)!), documentName: 'foto.jpg', documentType: 'image/jpeg' },
        blob,
        group,
      });
    }
  }
  const tq = performance.now();
  await enqueue(db, items);
  const queueMs = performance.now() - tq;
  const t0 = performance.now();
  const r = await drain({
    db,
    fetch: (i, init) => fetch(i, init),
    origin: base,
    session: async () => ({ token, userId: auth.user.userId, expiresAt: '2099-01-01T00:00:00Z' }),
  });
  const ms = performance.now() - t0;
  if (r.sent !== ITEMS || r.left !== 0)
    throw new Error(`outbox drained ${r.sent}/${ITEMS}, ${r.left} left, parked ${r.parked}, stopped ${r.stoppedBy}`);
  db.close();
  await db.delete();
  return { ms, queueMs };
}

// ---------------------------------------------------------------- browser: cost of one enqueue

async function browserEnqueue(samples: number) {
  const out = await mkdtemp(path.join(tmpdir(), 'lbh-bench-enq-'));
  await viteBuild({
    configFile: false,
    logLevel: 'silent',
    resolve: {
      alias: [
        { find: /^@contract\/(.*)$/, replacement: path.resolve('contract/$1') },
        { find: /^@\/(.*)$/, replacement: path.resolve('src/$1') },
      ],
    },
    build: {
      outDir: out,
      emptyOutDir: true,
      lib: { entry: path.resolve('bench/support/enqueue-entry.ts'), formats: ['es'], fileName: () => 'enqueue.js' },
    },
  });
  const js = await readFile(path.join(out, 'enqueue.js'), 'utf8');
  const server = createServer((req, res) => {
    if (req.url === '/enqueue.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    } else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><script type="module" src="/enqueue.js"></script>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => 'benchEnqueue' in window);
    return await page.evaluate(
      (n) => (window as unknown as { benchEnqueue: (n: number) => Promise<{ text: number[]; photo: number[] }> }).benchEnqueue(n),
      samples,
    );
  } finally {
    await browser.close();
    server.close();
    await rm(out, { recursive: true, force: true });
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

const incidentIds = await cases(10);
// fetch before and after the outbox run, so a database that grows during the run favours neither
const fetchA = await straight(incidentIds);
const box = await viaOutbox(incidentIds, 1);
const fetchB = await straight(incidentIds);
const fetchMs = (fetchA + fetchB) / 2;

console.log(
  `\nOutbox drain: ${ITEMS} mutations (${PHOTOS} photos of ${Math.round(photo.length / 1024)} KB) against the local server (${app.ctx.dbKind})`,
);
console.table({
  'outbox (queue, then drain)': {
    'total s': +(box.ms / 1000).toFixed(2),
    'items/s': Math.round(ITEMS / (box.ms / 1000)),
    'queueing ms': Math.round(box.queueMs),
  },
  'straight fetch (mean of 2 runs)': { 'total s': +(fetchMs / 1000).toFixed(2), 'items/s': Math.round(ITEMS / (fetchMs / 1000)), 'queueing ms': 0 },
});
console.log(
  `ratio items/s outbox/fetch: ${(fetchMs / box.ms).toFixed(3)}  (fetch runs: ${(fetchA / 1000).toFixed(2)} s, ${(fetchB / 1000).toFixed(2)} s)`,
);

const enq = await browserEnqueue(Number(process.env.BENCH_ENQUEUE_SAMPLES ?? 300));
console.log('\nEnqueue one item in the browser (Chromium, IndexedDB)');
console.table({
  'journal entry': { 'median ms': +pct(enq.text, 50).toFixed(2), 'p95 ms': +pct(enq.text, 95).toFixed(2), samples: enq.text.length },
  'photo (200 KB Blob)': { 'median ms': +pct(enq.photo, 50).toFixed(2), 'p95 ms': +pct(enq.photo, 95).toFixed(2), samples: enq.photo.length },
});

await app.close();
await rm(dataDir, { recursive: true, force: true });
