import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signedIn } from './client';
import { createTestContext } from './harness';

// A stand-in for the push provider in API tests: records what the app sends, answers as told.

export interface StubRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface StubAnswer {
  status?: number;
  /** JSON, or raw text; none: never answer (a provider that hangs). */
  body?: unknown;
  raw?: string;
  hang?: boolean;
  /** Answer the status and the start of `raw`, then never the rest. */
  stall?: boolean;
  /** Put the request's Authorization header into the answer's errors. */
  echoKey?: boolean;
}

export interface PushStub {
  url: string;
  requests: StubRequest[];
  /** What the next requests get (default: 200 with a new notification id). */
  answer(next: StubAnswer): void;
  close(): Promise<void>;
}

export const STUB_NOTIFICATION_ID = 'b1f2c3d4-0000-4000-8000-000000000001';

const DEFAULT_ANSWER: StubAnswer = { body: { id: STUB_NOTIFICATION_ID, external_id: null } };

/** Forgets what the stub received and answers as by default again: each test starts afresh. */
export function resetPushStub(stub: PushStub): void {
  stub.requests.length = 0;
  stub.answer(DEFAULT_ANSWER);
}

/** A fresh stub and a test app that sends pushes to it (under `path`), with an admin signed in. */
export async function appWithPushStub(path: string, timeoutMs: number) {
  const stub = await startPushStub();
  const t = await createTestContext({ push: { url: `${stub.url}${path}`, timeoutMs } });
  return { stub, t, admin: await signedIn(t) };
}

export async function startPushStub(): Promise<PushStub> {
  const requests: StubRequest[] = [];
  let next: StubAnswer = DEFAULT_ANSWER;
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: text ? JSON.parse(text) : undefined,
      });
      if (next.hang) return;
      res.writeHead(next.status ?? 200, { 'content-type': 'application/json' });
      if (next.stall) {
        res.write(next.raw ?? '{');
        return;
      }
      const body = next.echoKey ? { errors: [`Bad ${req.headers.authorization}`] } : next.body;
      res.end(next.raw ?? JSON.stringify(body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(answer) {
      next = answer;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
