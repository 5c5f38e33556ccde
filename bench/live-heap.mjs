// The server's JavaScript heap after a full collection, for bench:live's memory per subscriber:
// SIGUSR1 opens the inspector of a running Node process (on 127.0.0.1:9229), whose HeapProfiler
// collects the garbage and whose Runtime tells the heap in use. Resident memory (VmRSS) moves in
// the heap's growth steps; this does not.
import { once } from 'node:events';

const INSPECTOR = 'http://127.0.0.1:9229';

/** A probe of the heap of process `pid`, or null when its inspector cannot be reached. */
export async function heapProbe(pid) {
  let WebSocket;
  try {
    // A client already installed (lighthouse's); the figure is skipped without it.
    ({ default: WebSocket } = await import('ws'));
  } catch {
    return null;
  }
  process.kill(pid, 'SIGUSR1');
  let targets = null;
  for (let i = 0; i < 50 && !targets; i++) {
    try {
      targets = await (await fetch(`${INSPECTOR}/json/list`)).json();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const target = targets?.find((found) => found.webSocketDebuggerUrl);
  if (!target) return null;
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await once(socket, 'open');
  let asked = 0;
  const answers = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    answers.get(message.id)?.(message.result);
    answers.delete(message.id);
  });
  const call = (method) =>
    new Promise((resolve) => {
      asked += 1;
      answers.set(asked, resolve);
      socket.send(JSON.stringify({ id: asked, method }));
    });
  return {
    /** Bytes of heap in use once the garbage is collected. */
    async usedAfterGc() {
      await call('HeapProfiler.collectGarbage');
      return (await call('Runtime.getHeapUsage')).usedSize;
    },
    close: () => socket.close(),
  };
}
