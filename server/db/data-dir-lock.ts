/**
 * One process at a time in an embedded (PGlite) data directory. PGlite has no lock of its own (no postmaster, no
 * postmaster.pid): two processes opening the same folder both write to it and corrupt it. So whoever opens it (the
 * server, `npm run backup`/`restore`, `seed:scale`) first takes `<dataDir>/pgdata.lock`, a file holding its pid, and
 * removes it when done. A lock whose process is gone (killed, crashed) is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'pgdata.lock';

export interface LockHolder {
  pid: number;
  host: string;
  /** what holds it: 'server', 'backup', … */
  what: string;
  since: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(`the database in ${dataDir} is in use by ${holder.what} (pid ${holder.pid} on ${holder.host}, since ${holder.since})`);
    this.name = 'DataDirInUseError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Who holds the lock of this data directory, or undefined when nobody (no file, or its process is gone). */
export function lockHolder(dataDir: string): LockHolder | undefined {
  let holder: LockHolder;
  try {
    holder = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as LockHolder;
  } catch {
    return undefined; // no lock, or half written by a process that died writing it
  }
  // a lock left by another machine (a data directory on a shared disk) cannot be checked: it counts as held
  if (holder.host === os.hostname() && holder.pid !== process.pid && !alive(holder.pid)) return undefined;
  return holder;
}

/**
 * Takes the lock of dataDir (which must exist) for this process, or throws DataDirInUseError. waitMs: how long to wait
 * for a holder to let go (a restart whose previous process is still closing). Returns the release function; the lock
 * is also released when the process exits.
 */
export async function lockDataDir(dataDir: string, what: string, opts: { waitMs?: number } = {}): Promise<() => void> {
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, host: os.hostname(), what, since: new Date().toISOString() };
  const deadline = Date.now() + (opts.waitMs ?? 0);
  for (;;) {
    try {
      // exclusive create: of two processes starting together, one wins
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = lockHolder(dataDir);
      if (!holder) {
        // stale: its process is gone; remove it and race for it again
        rmSync(file, { force: true });
        continue;
      }
      if (holder.pid === process.pid && holder.host === me.host) throw new DataDirInUseError(dataDir, holder);
      if (Date.now() >= deadline) throw new DataDirInUseError(dataDir, holder);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const release = () => {
    process.off('exit', release);
    try {
      const holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
      if (holder.pid === me.pid && holder.host === me.host) rmSync(file, { force: true });
    } catch {
      /* already gone */
    }
  };
  process.on('exit', release);
  return release;
}
