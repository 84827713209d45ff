/**
 * Every schema version of the 'lebuhraya-ops' IndexedDB database, oldest first, in ONE place.
 *
 * To change the schema, append a version: never edit a version that has shipped. Each entry lists only the
 * tables it adds or changes (Dexie keeps the others); `null` deletes a table; `upgrade` migrates rows.
 * Tables that hold data of one signed-in user must carry a `userId` index and be listed in USER_TABLES, so
 * sign-out (clearUserData) wipes them.
 */
import type { Transaction } from 'dexie';

export interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void> | void;
}

export const DB_NAME = 'lebuhraya-ops';

export const SCHEMA_VERSIONS: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: {
      /** the one signed-in session: id is always 'current' */
      session: 'id',
      /** per-user cached answers (lookups, sections, today's rosters): compound key [userId+key] */
      userCache: '[userId+key], userId, updatedAt',
    },
  },
  {
    version: 2,
    stores: {
      /**
       * the outbox (src/offline/outbox.ts): every write from the field, in the order it was made. `seq` is the
       * per-device sequence number (auto-increment); `clientId` the mutation's id, sent as its Idempotency-Key.
       */
      outbox: '++seq, &clientId, userId, [userId+state], group',
      /** server ids of records created offline: entity client id → server id; `serverKey` ('incident:123') finds it back */
      idMap: 'clientId, userId, serverKey',
      /** form drafts (new case, subforms): id is the draft's own uuid */
      drafts: 'id, userId, [userId+kind], updatedAt',
      /** device-wide settings of the sync (device id, last sync time per user, version chains): key → value */
      syncMeta: 'key',
    },
  },
  {
    version: 3,
    stores: {
      /**
       * fixes of the patrol tablet's live position (issue #7, src/features/positions/) not yet in an outbox item:
       * `id` (auto-increment) is the order they were taken in; they leave in batches (one outbox item each)
       */
      positions: '++id, userId',
    },
  },
];

/** Tables whose rows belong to one user (cleared on sign-out). */
export const USER_TABLES = ['userCache', 'outbox', 'idMap', 'drafts', 'positions'] as const;

export const LATEST_VERSION = SCHEMA_VERSIONS[SCHEMA_VERSIONS.length - 1].version;
