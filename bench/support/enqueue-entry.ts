// Bundled by bench/outbox.ts for the browser: times one enqueue (journal entry, 200 KB photo) on real IndexedDB.
import { createDb } from '@/offline/db';
import { enqueue } from '@/offline/outbox';

async function benchEnqueue(n: number) {
  const db = createDb('bench-enqueue');
  await db.open();
  const photo = new Blob([new Uint8Array(200 * 1024).fill(7)], { type: 'image/jpeg' });
  const text: number[] = [];
  const img: number[] = [];
  for (let i = 0; i < n; i++) {
    let t = performance.now();
    await enqueue(db, [
      {
        userId: 'bench',
        kind: 'journal.save',
        label: 'x',
        path: '/rest/roster/manage/journalEntry/save',
        body: { entry: `Catatan ${i}`, pkIncidentId: 1 },
        group: 'incident:1',
      },
    ]);
    text.push(performance.now() - t);
    t = performance.now();
    await enqueue(db, [
      {
        userId: 'bench',
        kind: 'document.save',
        label: 'Foto',
        path: '/rest/roster/manage/document/saveFile',
        body: { tableType: 'JOURNAL_ENTRY', fkTableId: 1 },
        blob: photo,
        group: 'incident:1',
      },
    ]);
    img.push(performance.now() - t);
  }
  db.close();
  await db.delete();
  return { text, photo: img };
}

(window as unknown as { benchEnqueue: typeof benchEnqueue }).benchEnqueue = benchEnqueue;
