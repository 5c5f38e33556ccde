import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../test/fakeFetch';
import type { LiveEvent } from './connection';

const TOPIC = 'resource/bots';

/** The modules as a page that has just loaded has them: the connection's code not fetched yet. */
const freshPage = async () => {
  vi.resetModules();
  const { dataProvider } = await import('../dataProvider');
  const { stopLive } = await import('./stream');
  const { liveStatus } = await import('./status');
  return { dataProvider, stopLive, liveStatus };
};

describe('the live connection, fetched by the first subscriber (src/live/stream.ts)', () => {
  it('runs the calls made while its code loads in their order: a listener left at once hears nothing', async () => {
    const { liveStream } = installFakeFetch({});
    const { dataProvider } = await freshPage();
    const left: LiveEvent[] = [];
    const kept: LiveEvent[] = [];
    const leaving = (event: LiveEvent) => left.push(event);
    void dataProvider.subscribe(TOPIC, leaving);
    void dataProvider.unsubscribe(TOPIC, leaving);
    await dataProvider.subscribe(TOPIC, (event) => kept.push(event));
    await liveStream.connected();

    liveStream.emit('resource', { topic: TOPIC, type: 'updated', ids: ['BOT-1'] });

    await vi.waitFor(() => expect(kept).toHaveLength(1));
    expect(kept[0]).toEqual({ topic: TOPIC, type: 'updated', payload: { ids: ['BOT-1'] } });
    expect(left).toEqual([]);
  });

  it('signed out while its code loads: the stream is closed once it has loaded', async () => {
    const { liveStream } = installFakeFetch({});
    const { dataProvider, stopLive, liveStatus } = await freshPage();
    const subscribed = dataProvider.subscribe(TOPIC, () => {});
    stopLive();
    await subscribed;
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(liveStatus.get()).toBe('idle');
    expect(liveStream.open).toBe(0);
  });
});
