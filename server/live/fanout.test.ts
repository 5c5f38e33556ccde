import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fanout, flushInterval } from './fanout';
import { frame, type Subscriber } from './subscriber';

// The fan-out on real sockets: what a stream's reader receives, byte for byte, when many streams
// share each flush and frames keep coming while one is being written.

let server: http.Server;
let port: number;
const subscribers = new Set<Subscriber>();
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  server = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.flushHeaders();
    request.socket.setNoDelay(true);
    const areas = new Set((request.url ?? '').slice(1).split(','));
    const subscriber: Subscriber = {
      key: String(subscribers.size),
      sessionId: null,
      userId: 1,
      groupPermissions: [],
      ssoGroups: null,
      permissions: '',
      areas,
      response,
    };
    subscribers.add(subscriber);
    response.once('close', () => subscribers.delete(subscriber));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A raw connection asking for `path` in `version` (its subscriber is added once it arrives). */
function reader(path: string, version = '1.1', { read = true } = {}) {
  const socket = net.connect(port, '127.0.0.1');
  sockets.add(socket);
  let received = '';
  socket.setEncoding('latin1');
  if (read) socket.on('data', (chunk: string) => (received += chunk));
  socket.write(`GET ${path} HTTP/${version}\r\nHost: localhost\r\n\r\n`);
  return {
    socket,
    /** The body so far: what follows the headers. */
    body: () => received.slice(received.indexOf('\r\n\r\n') + 4),
  };
}

/** A chunked body's data, the chunk sizes checked against what each chunk holds. */
function unchunked(body: string): string {
  let data = '';
  let at = 0;
  while (at < body.length) {
    const line = body.indexOf('\r\n', at);
    const size = Number.parseInt(body.slice(at, line), 16);
    expect(body.slice(line + 2 + size, line + 4 + size)).toBe('\r\n');
    data += body.slice(line + 2, line + 2 + size);
    at = line + 4 + size;
  }
  return data;
}

describe('the fan-out', () => {
  it('gives each of many streams every frame of its areas once and in order, frames coming during flushes', async () => {
    const streams = Array.from({ length: 300 }, (_, i) => reader(i % 2 ? '/bots' : '/bots,users'));
    await expect.poll(() => subscribers.size).toBe(300);
    const fanout = new Fanout(() => subscribers, { idle: 5, busy: 5 });
    const frames: { area: string; text: string }[] = [];
    for (let i = 0; i < 60; i++) {
      const area = i % 3 ? 'bots' : 'users';
      const text = frame('resource', JSON.stringify({ topic: `resource/${area}`, ids: [`${i}`] }));
      frames.push({ area, text });
      fanout.push(area, text);
      if (i % 7 === 0) await new Promise((resolve) => setImmediate(resolve));
      if (i % 11 === 0) await new Promise((resolve) => setTimeout(resolve, 3));
    }
    fanout.push(null, ': heartbeat\n\n');
    const expected = (areas: string[]) =>
      `${frames
        .filter(({ area }) => areas.includes(area))
        .map(({ text }) => text)
        .join('')}: heartbeat\n\n`;
    for (const [i, stream] of streams.entries()) {
      const want = expected(i % 2 ? ['bots'] : ['bots', 'users']);
      await expect.poll(() => unchunked(stream.body()).length).toBe(want.length);
      expect(unchunked(stream.body())).toBe(want);
    }
    fanout.close();
    for (const { socket } of streams) socket.destroy();
    await expect.poll(() => subscribers.size).toBe(0);
  });

  it('sends an HTTP/1.0 reader the frames as they are, without chunks', async () => {
    const stream = reader('/bots', '1.0');
    await expect.poll(() => subscribers.size).toBe(1);
    const fanout = new Fanout(() => subscribers);
    const text = frame('resource', '{"topic":"resource/bots","ids":["1"]}');
    fanout.push('bots', text);
    await expect.poll(() => stream.body()).toBe(text);
    fanout.close();
    stream.socket.destroy();
    await expect.poll(() => subscribers.size).toBe(0);
  });

  it('cuts off a reader that stopped reading once a megabyte waits for it', async () => {
    const idle = reader('/bots', '1.1', { read: false });
    idle.socket.pause();
    const live = reader('/bots');
    await expect.poll(() => subscribers.size).toBe(2);
    const fanout = new Fanout(() => subscribers, { idle: 0, busy: 0 });
    const text = frame(
      'resource',
      JSON.stringify({ topic: 'resource/bots', ids: ['x'.repeat(60_000)] }),
    );
    for (let i = 0; i < 200 && subscribers.size === 2; i++) {
      fanout.push('bots', text);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await expect.poll(() => subscribers.size).toBe(1);
    fanout.close();
    live.socket.destroy();
    idle.socket.destroy();
    await expect.poll(() => subscribers.size).toBe(0);
  });

  it('waits longer between flushes while the event loop is busy', async () => {
    const stream = reader('/bots');
    await expect.poll(() => subscribers.size).toBe(1);
    /** How long after the first of two frames the second arrives, the loop as busy as `load`. */
    const gap = async (load: number) => {
      const fanout = new Fanout(
        () => subscribers,
        { idle: 20, busy: 400 },
        () => load,
      );
      const arrivals: number[] = [];
      const arrived = () => arrivals.push(performance.now());
      stream.socket.on('data', arrived);
      const text = (id: string) => frame('resource', `{"topic":"resource/bots","ids":["${id}"]}`);
      fanout.push('bots', text(`${load}a`));
      await expect.poll(() => arrivals.length, { interval: 1 }).toBe(1);
      fanout.push('bots', text(`${load}b`));
      await expect.poll(() => arrivals.length).toBe(2);
      stream.socket.off('data', arrived);
      fanout.close();
      const [first = 0, second = 0] = arrivals;
      return second - first;
    };
    // Idle, the second leaves 20 ms after the first flush; busy, 400 ms after it.
    expect(await gap(0)).toBeLessThan(350);
    expect(await gap(1)).toBeGreaterThanOrEqual(350);
    stream.socket.destroy();
    await expect.poll(() => subscribers.size).toBe(0);
  });
});

describe('the time between flushes', () => {
  it('is 60 ms while the event loop is idle, 250 ms while it is busy, and in proportion between', () => {
    expect(flushInterval(0)).toBe(60);
    expect(flushInterval(0.3)).toBe(60);
    expect(flushInterval(0.55)).toBe(155);
    expect(flushInterval(0.8)).toBe(250);
    expect(flushInterval(1)).toBe(250);
  });
});
