/**
 * The write notices' logic without a database (issue #32; db/notify.ts, db/write-tracker.ts): the payload, the
 * coalescing of a tick's writes into one notice, and a committed write's statement resolving only after its notice.
 * The notices between real servers: multi-server.postgres.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { coalescer, noticePayload, parseNotice } from '../../server/db/notify';
import { trackPgPool, type WriteDomain, WriteTracker } from '../../server/db/write-tracker';

describe('write notices', () => {
  it('a payload names its sender and domains; anything else is ignored', () => {
    expect(noticePayload('0a1b2c', ['positions', 'data'])).toBe('0a1b2c:data,positions');
    expect(parseNotice('0a1b2c:data,positions')).toEqual({ instanceId: '0a1b2c', domains: ['data', 'positions'] });
    expect(parseNotice('0a1b2c:positions')).toEqual({ instanceId: '0a1b2c', domains: ['positions'] });
    // an unknown domain is dropped; nothing known left, or no sender, or no payload: no notice
    expect(parseNotice('0a1b2c:data,weather')).toEqual({ instanceId: '0a1b2c', domains: ['data'] });
    expect(parseNotice('0a1b2c:weather')).toBeNull();
    expect(parseNotice(':data')).toBeNull();
    expect(parseNotice('data')).toBeNull();
    expect(parseNotice(undefined)).toBeNull();
  });

  it("a tick's writes share one notice with the union of their domains; the next tick sends its own", async () => {
    const sent: WriteDomain[][] = [];
    const ticks: (() => void)[] = [];
    const publish = coalescer(
      async (domains) => {
        sent.push([...domains].sort());
      },
      (fn) => ticks.push(fn),
    );
    const p1 = publish(['data']);
    const p2 = publish(['positions']);
    const p3 = publish(['data']);
    expect(p2).toBe(p1);
    expect(p3).toBe(p1);
    expect(sent).toEqual([]);
    expect(ticks).toHaveLength(1);
    ticks[0]();
    await p1;
    expect(sent).toEqual([['data', 'positions']]);
    const p4 = publish(['positions']);
    expect(p4).not.toBe(p1);
    ticks[1]();
    await p4;
    expect(sent).toEqual([['data', 'positions'], ['positions']]);
  });

  it('a failed send still settles its writers (the write is committed all the same)', async () => {
    const publish = coalescer(async () => {
      throw new Error('connection lost');
    });
    await expect(publish(['data'])).resolves.toBeUndefined();
  });

  it("a committed write's statement resolves after its notice is sent; a rollback sends none; a read none", async () => {
    const tracker = new WriteTracker();
    const events: string[] = [];
    let release: () => void = () => {};
    tracker.publishTo((domains) => {
      events.push(`publish ${domains.join(',')}`);
      return new Promise<void>((resolve) => {
        release = () => {
          events.push('sent');
          resolve();
        };
      });
    });
    let acquire: (c: { query: (...args: unknown[]) => Promise<unknown> }) => void = () => {};
    trackPgPool({ on: (_e, cb) => (acquire = cb) }, tracker);
    const client = { query: async (text: unknown) => ({ text }) };
    acquire(client);

    await client.query('select 1');
    expect(events).toEqual([]);
    await client.query('begin');
    await client.query('insert into incident (id) values (1)');
    await client.query('rollback');
    expect(events).toEqual([]);
    expect(tracker.version('data')).toBe(0);

    await client.query('begin');
    await client.query('insert into roster_position (id) values (1)');
    const commit = client.query('commit').then(() => events.push('commit resolved'));
    await new Promise((r) => setTimeout(r, 10));
    // the version moved at the commit; the statement waits for the notice
    expect(tracker.version('positions')).toBe(1);
    expect(events).toEqual(['publish positions']);
    release();
    await commit;
    expect(events).toEqual(['publish positions', 'sent', 'commit resolved']);
  });

  it('a tracker not live moves every version when it goes live and when it stops', () => {
    const tracker = new WriteTracker({ live: false });
    expect(tracker.live).toBe(false);
    const before = tracker.stamp(['data', 'positions']);
    tracker.setLive(true);
    expect(tracker.live).toBe(true);
    const live = tracker.stamp(['data', 'positions']);
    expect(live).not.toBe(before);
    tracker.setLive(false);
    expect(tracker.stamp(['data', 'positions'])).not.toBe(live);
    // a notice from another server moves the versions and publishes nothing
    let published = 0;
    tracker.publishTo(() => {
      published++;
      return undefined;
    });
    tracker.bump(['data']);
    expect(published).toBe(0);
    expect(tracker.committed(['data'])).toBeUndefined();
    expect(published).toBe(1);
    expect(new WriteTracker().live).toBe(true);
  });
});
