/**
 * What src/offline/use-db-live.ts loads on a screen's first live query: Dexie's liveQuery and the app's database.
 * Loaded on demand, so a screen that reads the outbox shows its frame before Dexie has arrived.
 */
export { liveQuery } from 'dexie';
export { getDb } from './db';
