// bench:live's subscribers, in a process of their own (bench/live.mjs forks it) so that reading
// hundreds of streams does not share an event loop with the writes and the load being timed.
// Commands over IPC, each answered once done (see `ask` in bench/live.mjs):
//   open {url, tokens, count}  opens `count` streams, token i/PER_TOKEN each; done when every one
//                              has its first bytes
//   tally {writes, into}       matches each stream's receipts against the writes (bot id → send
//                              times, in order) and adds the delays to the accumulator `into`
//   summary {from}             the accumulator's delay percentiles and counts
//   settle                     done once no stream has received anything for 300 ms (at most 10 s)
//   close                      ends every stream
//   defer {on}                 keeps what arrives with its receipt time, unread, while on; off
//                              reads what was kept
import net from 'node:net';
import { performance } from 'node:perf_hooks';

/** The one clock of bench/live.mjs and this process: milliseconds since the epoch, sub-ms. */
const now = () => performance.timeOrigin + performance.now();
const TOPIC = '"topic":"resource/bots"';
const PER_TOKEN = 5;

/** @type {{received: Map<string, number[]>, closing: boolean, cutOff: boolean, socket: net.Socket}[]} */
let streams = [];
/** When any stream last received something. */
let lastData = 0;
/**
 * Whether what arrives is only kept, with its time, and read later (`defer`): while the API is
 * loaded, so that reading hundreds of streams does not take the cores the load is timed on.
 */
let deferring = false;

/**
 * Unwraps an HTTP/1.1 response as it arrives: `onBody` gets the body's text, each HTTP chunk
 * whole (the server sends whole frames in a chunk, so no character is ever split).
 */
function httpReader(onStatus, onBody) {
  let head = '';
  let body = null;
  return (bytes) => {
    let rest = bytes;
    if (body === null) {
      head += bytes.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      onStatus(Number(head.slice(9, 12)));
      rest = Buffer.from(head.slice(end + 4), 'latin1');
      body = Buffer.alloc(0);
    }
    body = body.length ? Buffer.concat([body, rest]) : rest;
    for (;;) {
      const line = body.indexOf('\r\n');
      if (line < 0) return;
      const size = Number.parseInt(body.toString('latin1', 0, line), 16);
      if (body.length < line + 2 + size + 2) return;
      if (size > 0) onBody(body.toString('utf8', line + 2, line + 2 + size));
      body = body.subarray(line + 2 + size + 2);
    }
  };
}

/**
 * One stream, over a socket of its own with no HTTP client around it (the readers stand for
 * browsers elsewhere: the less of the shared cores they take, the better); resolves once its
 * first bytes (`: live`) arrive.
 */
function openOne(url, token) {
  return new Promise((resolve, reject) => {
    const stream = {
      received: new Map(),
      /** Receipt times and bytes not read yet (while deferring), in turn. */
      kept: [],
      read: (_at, _bytes) => {},
      closing: false,
      cutOff: false,
      socket: null,
    };
    const { hostname, port, pathname } = new URL(url);
    let buffer = '';
    let opened = false;
    let at = 0;
    const unwrap = httpReader(
      (status) => {
        if (status !== 200) reject(new Error(`stream refused: ${status}`));
      },
      (text) => {
        buffer += text;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!opened && block.includes(': live')) {
            opened = true;
            resolve(stream);
          }
          // Only the bots' events are counted; the audit rows each write adds are read past.
          if (!block.startsWith('event: resource\n') || !block.includes(TOPIC)) continue;
          const { ids } = JSON.parse(block.slice(block.indexOf('\ndata: ') + 7));
          for (const id of ids) {
            const times = stream.received.get(id);
            if (times) times.push(at);
            else stream.received.set(id, [at]);
          }
        }
      },
    );
    stream.read = (receivedAt, bytes) => {
      at = receivedAt;
      unwrap(bytes);
    };
    stream.socket = net.connect({ host: hostname, port: Number(port) }, () => {
      stream.socket.write(
        `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
          `Authorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`,
      );
    });
    stream.socket.on('data', (bytes) => {
      const receivedAt = now();
      lastData = receivedAt;
      if (deferring) stream.kept.push(receivedAt, bytes);
      else stream.read(receivedAt, bytes);
    });
    stream.socket.on('close', () => {
      if (!stream.closing) stream.cutOff = true;
    });
    stream.socket.on('error', (error) => {
      if (!stream.closing) stream.cutOff = true;
      reject(error);
    });
  });
}

async function open({ url, tokens, count }) {
  const opened = [];
  // In batches, as a crowd of consoles arrives: not 500 sign-in checks in the same instant.
  for (let i = 0; i < count; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 50); j++)
      batch.push(openOne(url, tokens[Math.floor(j / PER_TOKEN)]));
    opened.push(...(await Promise.all(batch)));
  }
  streams = opened;
  return { streams: streams.length };
}

function defer({ on }) {
  deferring = on;
  if (!on) {
    for (const stream of streams) {
      const { kept } = stream;
      stream.kept = [];
      for (let i = 0; i < kept.length; i += 2) stream.read(kept[i], kept[i + 1]);
    }
  }
  return {};
}

function close() {
  defer({ on: false });
  for (const stream of streams) {
    stream.closing = true;
    stream.socket.destroy();
  }
  streams = [];
  return {};
}

async function settle() {
  const started = now();
  while (now() - lastData < 300 && now() - started < 10_000)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return {};
}

const accumulators = new Map();

/**
 * The k-th write of a bot is the k-th event naming it on every stream: bench/live.mjs has one
 * write in flight per bot, so they commit in the order they were sent.
 */
function tally({ writes, into }) {
  const found = accumulators.get(into) ?? {
    delays: [],
    delivered: 0,
    lost: 0,
    extra: 0,
    cutOff: 0,
  };
  accumulators.set(into, found);
  for (const stream of streams) {
    if (stream.cutOff) found.cutOff++;
    for (const [id, sent] of Object.entries(writes)) {
      const received = stream.received.get(id) ?? [];
      const both = Math.min(sent.length, received.length);
      for (let k = 0; k < both; k++) found.delays.push(received[k] - sent[k]);
      found.delivered += both;
      found.lost += sent.length - both;
      found.extra += received.length - both;
    }
  }
  return {};
}

function summary({ from }) {
  const { delays, ...counts } = accumulators.get(from) ?? {
    delays: [],
    delivered: 0,
    lost: 0,
    extra: 0,
    cutOff: 0,
  };
  const sorted = Float64Array.from(delays).sort();
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? null;
  return { ...counts, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

const commands = { open, settle, close, tally, summary, defer };
process.on('message', async ({ id, command, ...args }) => {
  try {
    process.send({ id, result: await commands[command](args) });
  } catch (error) {
    process.send({ id, error: error.message });
  }
});
process.on('disconnect', () => process.exit(0));
