import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type * as AppModule from './app';
import { connect, type Database } from './db/connect';
import type * as MigrateModule from './db/migrate';
import { createUser } from './modules/users/create';
import { addressOf, changeOf, openStream } from './test/live';

// The README's "Adding a resource" is applied, block by block, to a copy of the repository,
// and the copy is run: its migration applies, its API serves the new resource, its console
// type-checks and picks the new folder up. A guide that no longer works fails here.

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

interface Block {
  file: string;
  lines: string[];
}

/** The section's code blocks, each named by its first line (`// path`), indentation removed. */
function guideBlocks(): Block[] {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.split('## Adding a resource')[1]?.split('\n## ')[0] ?? '';
  return [...section.matchAll(/^( *)```tsx?\n([\s\S]*?)^\1```/gm)].map(([, indent = '', body]) => {
    const [header = '', ...lines] = (body ?? '')
      .trimEnd()
      .split('\n')
      .map((line) => line.slice(indent.length));
    return { file: header.replace(/^\/\/\s*/, ''), lines };
  });
}

const isImport = (line: string) => line.startsWith('import ');
/** Indentation and first character: how a line of a list looks beside the entries before it. */
const lookOf = (line: string) => /^\s*\S/.exec(line)?.[0];

/**
 * A block for a new file is the file. A block for a file that exists is what to add: its
 * imports after the file's last import, each other run of lines after the last line that starts
 * like the run does (the list it joins), else at the end.
 */
function apply(dir: string, { file, lines }: Block): void {
  const target = path.join(dir, file);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, `${lines.join('\n')}\n`);
    return;
  }
  const source = fs.readFileSync(target, 'utf8').trimEnd().split('\n');
  const imports = lines.filter((line) => isImport(line) && !source.includes(line));
  source.splice(source.findLastIndex(isImport) + 1, 0, ...imports);
  const runs: string[][] = [];
  lines.forEach((line, i) => {
    if (isImport(line)) return;
    if (i > 0 && !isImport(lines[i - 1] ?? '')) runs.at(-1)?.push(line);
    else runs.push([line]);
  });
  for (const run of runs) {
    const at = source.findLastIndex((line) => lookOf(line) === lookOf(run[0] ?? ''));
    source.splice(at === -1 ? source.length : at + 1, 0, ...run);
  }
  fs.writeFileSync(target, `${source.join('\n')}\n`);
}

/** The repository as `git ls-files` sees it (untracked files too), node_modules linked. */
async function copyOfRepository(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-example-'));
  const { stdout } = await run(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  for (const file of stdout.split('\0').filter(Boolean)) {
    if (!fs.existsSync(path.join(root, file))) continue; // deleted, not yet committed
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(dir, file));
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

const blocks = guideBlocks();
const written = blocks.map((block) => block.file);
let copy: string;
let database: string;
let db: Database;
let app: FastifyInstance;
let token: string;
/** The type check of the copy, started beside the API checks: its errors, '' for none. */
let typeErrors: Promise<string>;

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: object,
  ifMatch?: string,
) =>
  app.inject({
    method,
    url: `/api/admin/promo-codes${url}`,
    headers: { authorization: `Bearer ${token}`, ...(ifMatch && { 'if-match': `"${ifMatch}"` }) },
    ...(body && { payload: body }),
  });

beforeAll(async () => {
  copy = await copyOfRepository();
  for (const block of blocks) apply(copy, block);

  fs.writeFileSync(
    path.join(copy, 'tsconfig.readme.json'),
    JSON.stringify({
      extends: './tsconfig.json',
      include: [
        ...written,
        'src/resources/plain/registry.ts',
        'src/layout/menu.ts',
        'src/registry/screens.ts',
        'server/app.ts',
      ],
    }),
  );
  typeErrors = run(path.join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.readme.json'], {
    cwd: copy,
  }).then(
    () => '',
    (error: { stdout?: string }) => error.stdout || String(error),
  );

  const base = inject('pg');
  database = `readme_${process.pid}_${Date.now()}`;
  const admin = new pg.Client(base);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database} TEMPLATE ${inject('templateDatabase')}`);
  await admin.end();
  db = connect({ ...base, database }, 2);

  const { migrate } = (await import(
    path.join(copy, 'server/db/migrate.ts')
  )) as typeof MigrateModule;
  await migrate(db);
  const { buildApp } = (await import(path.join(copy, 'server/app.ts'))) as typeof AppModule;
  app = await buildApp({ db, logLevel: 'silent' });
  await app.ready();

  const user = await createUser(db, {
    email: 'guide@example.com',
    username: 'guide',
    password: 'guide-password-1',
    admin: true,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { emailOrUsername: user.username, password: 'guide-password-1' },
  });
  token = login.json().token;
}, 120_000);

afterAll(async () => {
  await typeErrors;
  await app?.close();
  await db?.destroy();
  const admin = new pg.Client(inject('pg'));
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

describe("README: the 'Adding a resource' example, applied to a copy", () => {
  it('is under 30 lines of code beyond the migration', () => {
    const code = blocks
      .filter(({ file }) => !file.startsWith('server/db/'))
      .flatMap(({ lines }) => lines.filter((line) => line.trim()));
    expect(code.length).toBeLessThan(30);
  });

  it('creates, searches, sorts, updates and deletes promo codes, one audit row per change', async () => {
    const created = await call('POST', '', { code: ' SPRING25 ', points: 50 });
    expect(created.statusCode).toBe(201);
    const spring = created.json();
    expect(spring).toMatchObject({ code: 'SPRING25', points: 50, active: true, expiresAt: null });
    const summer = (
      await call('POST', '', {
        code: 'SUMMER',
        points: 500,
        expiresAt: '2030-06-01T00:00:00+02:00',
      })
    ).json();
    expect(summer.expiresAt).toBe('2030-05-31T22:00:00.000Z');

    const taken = await call('POST', '', { code: 'SPRING25', points: 1 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: 'Code already exists',
      fields: { code: 'Code already exists' },
    });
    const invalid = await call('POST', '', { code: '', points: 0, extra: 1 });
    expect(invalid.statusCode).toBe(400);

    const codesOf = async (query: string) => {
      const res = await call('GET', query);
      expect(res.statusCode, query).toBe(200);
      return res.json().items.map((item: { code: string }) => item.code);
    };
    expect(await codesOf('')).toEqual(['SUMMER', 'SPRING25']);
    expect(await codesOf('?q=spr')).toEqual(['SPRING25']);
    expect(await codesOf('?sort=points:asc')).toEqual(['SPRING25', 'SUMMER']);
    expect(await codesOf('?sort=expiresAt:desc&limit=1')).toHaveLength(1);
    expect((await call('GET', '?sort=nope:asc')).statusCode).toBe(400);

    // A change sends only what changes: `active` keeps its value (no default is applied).
    await call('PATCH', `/${spring._id}`, { active: false }, spring.updatedAt);
    const stale = await call('PATCH', `/${spring._id}`, { points: 60 }, spring.updatedAt);
    expect(stale.statusCode).toBe(409);
    const current = (await call('GET', '?q=spring')).json().items[0];
    const updated = await call('PATCH', `/${spring._id}`, { points: 60 }, current.updatedAt);
    expect(updated.json()).toMatchObject({ code: 'SPRING25', points: 60, active: false });

    expect((await call('DELETE', `/${spring._id}`)).json()).toEqual({ ok: true });
    expect((await call('DELETE', `/${spring._id}`)).json()).toMatchObject({
      error: 'Promo code not found',
    });
    expect(await codesOf('')).toEqual(['SUMMER']);

    const audits = await db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'promo_code')
      .where('entity_id', '=', spring._id)
      .orderBy('id')
      .execute();
    expect(audits.map(({ action }) => action)).toEqual([
      'promo_code.create',
      'promo_code.update',
      'promo_code.update',
      'promo_code.delete',
    ]);
  });

  it('announces each change to live consoles, to the readers of its area', async () => {
    const stream = await openStream(await addressOf(app), { authorization: `Bearer ${token}` });
    try {
      const created = (await call('POST', '', { code: 'LIVE1', points: 5 })).json();
      const event = await stream.next(changeOf('promo-codes', 'created', created._id));
      expect(event.data).toEqual({
        topic: 'resource/promo-codes',
        type: 'created',
        ids: [created._id],
      });
    } finally {
      stream.close();
    }
  });

  it('serves promo codes to admins only', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/promo-codes' });
    expect(res.statusCode).toBe(401);
    await createUser(db, {
      email: 'player@example.com',
      username: 'player',
      password: 'player-password-1',
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailOrUsername: 'player', password: 'player-password-1' },
    });
    const asPlayer = await app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: { authorization: `Bearer ${login.json().token}` },
      payload: { code: 'MINE', points: 1 },
    });
    expect(asPlayer.statusCode).toBe(403);
  });

  it('gives the console the folder: its screens and a menu link, and it type-checks', async () => {
    const { plainResources } = await import(path.join(copy, 'src/resources/plain/registry.ts'));
    const promoCodes = plainResources.find((r: { name: string }) => r.name === 'promo-codes');
    expect(promoCodes?.spec.title).toBe('Promo codes');
    expect(Object.keys(promoCodes?.props ?? {})).toEqual(
      expect.arrayContaining(['list', 'create', 'edit']),
    );
    const { menuOf } = await import(path.join(copy, 'src/layout/menu.ts'));
    const { menuScreens } = await import(path.join(copy, 'src/registry/screens.ts'));
    const settings = menuOf(menuScreens).find((entry: { id?: string }) => entry.id === 'settings');
    expect(settings.children).toContainEqual(
      expect.objectContaining({ label: 'Promo codes', to: '/promo-codes' }),
    );
    expect(await typeErrors).toBe('');
  });
});
