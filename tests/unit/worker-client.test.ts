/**
 * workerClient (src/lib/worker-client.ts): the request/reply of the image compression's and the local store's
 * workers. Replies find their request by id; a worker that fails answers what waits `failed` and every later call at
 * once (the caller works on the page); stop() answers what waits `stopped`, and the next call starts another worker.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isGone, workerClient } from '@/lib/worker-client';

interface Req {
  id: number;
  n: number;
}
interface Rep {
  id: number;
  doubled: number;
}

/** A stand-in for a module worker: answers each request when told to, in any order. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((e: MessageEvent<Rep>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  received: Req[] = [];
  terminated = false;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(m: Req) {
    this.received.push(m);
  }
  answer(m: Req) {
    this.onmessage?.({ data: { id: m.id, doubled: m.n * 2 } } as MessageEvent<Rep>);
  }
  fail(message: string) {
    this.onerror?.({ message } as ErrorEvent);
  }
  terminate() {
    this.terminated = true;
  }
}

const open = () => new FakeWorker() as unknown as Worker;

describe('workerClient', () => {
  afterEach(() => {
    FakeWorker.made = [];
    vi.restoreAllMocks();
  });

  it('starts the worker with the first call; each reply reaches its own call, whatever the order', async () => {
    const client = workerClient<Req, Rep>(open, 't');
    expect(FakeWorker.made).toHaveLength(0);
    const a = client.call({ n: 1 });
    const b = client.call({ n: 5 });
    const [w] = FakeWorker.made;
    expect(FakeWorker.made).toHaveLength(1);
    expect(w.received.map((r) => r.n)).toEqual([1, 5]);
    w.answer(w.received[1]);
    w.answer(w.received[0]);
    expect(await a).toMatchObject({ doubled: 2 });
    expect(await b).toMatchObject({ doubled: 10 });
  });

  it('a failed worker answers what waits `failed`, and every later call at once, without another worker', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = workerClient<Req, Rep>(open, 't');
    const waiting = client.call({ n: 1 });
    const [w] = FakeWorker.made;
    w.fail('could not load');
    const r = await waiting;
    expect(isGone(r) && r.gone === 'failed' && r.error).toBe('could not load');
    expect(w.terminated).toBe(true);
    expect(client.broken).toBe(true);
    const later = await client.call({ n: 2 });
    expect(isGone(later) && later.gone).toBe('failed');
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('stop() ends the worker and answers what waits `stopped`; the next call starts another', async () => {
    const client = workerClient<Req, Rep>(open, 't');
    const waiting = client.call({ n: 3 });
    const [first] = FakeWorker.made;
    client.stop();
    expect(first.terminated).toBe(true);
    const r = await waiting;
    expect(isGone(r) && r.gone).toBe('stopped');
    // a reply that comes after the stop reaches nobody
    first.answer(first.received[0]);
    const next = client.call({ n: 4 });
    expect(FakeWorker.made).toHaveLength(2);
    const second = FakeWorker.made[1];
    second.answer(second.received[0]);
    expect(await next).toMatchObject({ doubled: 8 });
    expect(client.broken).toBe(false);
  });
});
