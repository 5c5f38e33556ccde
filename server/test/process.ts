import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// Real server processes for the process-level tests: started as `npm start` runs the server,
// watched through their output, called over HTTP. Call `cleanUp` from the file's afterAll.

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const started: ChildProcess[] = [];
const dirs: string[] = [];

/** The line every server prints once it listens; group 1 is its URL. */
export const READY = /Rewards admin console: (http:\/\/\S+)/;

/** Kills whatever a test left running and removes its temp dirs. */
export function cleanUp(): void {
  for (const proc of started) if (proc.exitCode === null) proc.kill('SIGKILL');
  for (const dir of dirs.splice(0)) {
    stopDatabaseIn(path.join(dir, 'data'));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The embedded PostgreSQL outlives a killed server (by design: the next start reuses it); a test
 * that failed before a clean stop must not leave it running over a deleted directory.
 */
function stopDatabaseIn(dataDir: string): void {
  try {
    const pid = Number(
      fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    if (pid > 0) process.kill(pid, 'SIGQUIT');
  } catch {
    // no database there, or already gone
  }
}

/** A DATA_DIR that does not exist yet, in a temp dir removed by `cleanUp`. */
export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rewards-process-test-'));
  // The embedded database runs as another user when the tests run as root.
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return path.join(dir, 'data');
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Run {
  proc: ChildProcess;
  output: () => string;
  /** Resolves with the first match in the output so far or to come; rejects if it exits first. */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  exit: Promise<number | null>;
}

export function run(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
  /** `root`: the repository to run it from (a copy of this one), this one by default. */
  options: { ownGroup?: boolean; root?: string } = {},
): Run {
  // One process, as `npm start` runs it: a kill -9 hits the server itself, not a wrapper.
  const proc = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: options.root ?? ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, like a server started from a terminal, so a test can send the
    // group the Ctrl-C a terminal would.
    detached: options.ownGroup ?? false,
  });
  started.push(proc);
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    for (const l of listeners) l();
  };
  proc.stdout?.on('data', onData);
  proc.stderr?.on('data', onData);
  const exit = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return {
    proc,
    output: () => out,
    exit,
    waitFor(pattern) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = out.match(pattern);
          if (match) {
            listeners.delete(check);
            resolve(match);
          }
        };
        listeners.add(check);
        exit.then(() => reject(new Error(`exited before ${pattern}:\n${out}`)));
        check();
      });
    },
  };
}

/** `server/main.ts`, the program `npm start` runs once the console build is fresh. */
export const startServer = (env: Record<string, string>, root?: string) =>
  run('server/main.ts', env, [], { root });

export interface Answer<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One HTTP call to a running server; a JSON body both ways. */
export async function call<T = Record<string, unknown>>(
  port: number,
  method: string,
  url: string,
  { token, body, headers = {} }: CallOptions = {},
): Promise<Answer<T>> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
}

export function login(
  port: number,
  emailOrUsername: string,
  password: string,
  headers?: Record<string, string>,
) {
  return call<{ token?: string }>(port, 'POST', '/api/auth/login', {
    body: { emailOrUsername, password },
    ...(headers ? { headers } : {}),
  });
}

/** Signs in and answers the token; throws (with the server's answer) if that fails. */
export async function tokenFor(port: number, username: string, password: string) {
  const res = await login(port, username, password);
  if (!res.body.token) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}
