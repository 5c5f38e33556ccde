import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type * as AppModule from './app';
import { connect, type Database } from './db/connect';
import type * as MigrateModule from './db/migrate';
import { createUser } from './modules/users/create';
import { addressOf, changeOf, openStream } from './test/live';
import { asBulletins, guideBlocks, guideCopy, run } from './test/readme-guide';

// The README's "Adding a resource" is applied, block by block, to a copy of the repository
// that already holds another resource added the same way (the guide's own, renamed), and the
// copy is run: its migrations apply, its API serves both resources with their own permission
// areas, its console type-checks, passes the linter and picks the new folder up. A guide that
// no longer works, or works only in a tree with no other added resource, fails here.

const root = path.resolve(import.meta.dirname, '..');

const blocks = guideBlocks();
const written = [...new Set([...guideBlocks(asBulletins), ...blocks].map((block) => block.file))];
let copy: string;
let database: string;
let db: Database;
let app: FastifyInstance;
let token: string;
/** The type check and the linter of the copy, started beside the API checks: their errors. */
let typeErrors: Promise<string>;
let lintErrors: Promise<string>;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const callAs =
  (bearer: () => string, resource = 'announcements') =>
  (method: Method, url: string, body?: object, ifMatch?: string) =>
    app.inject({
      method,
      url: `/api/admin/${resource}${url}`,
      headers: {
        authorization: `Bearer ${bearer()}`,
        ...(ifMatch && { 'if-match': `"${ifMatch}"` }),
      },
      ...(body && { payload: body }),
    });
const call = callAs(() => token);

const errorsOf = (promise: Promise<unknown>) =>
  promise.then(
    () => '',
    (error: { stdout?: string; stderr?: string }) =>
      `${error.stdout ?? ''}${error.stderr ?? ''}` || String(error),
  );

const signIn = async (username: string, permissions?: string[]) => {
  await createUser(db, {
    email: `${username}@example.com`,
    username,
    password: `${username}-password-1`,
    admin: permissions !== undefined,
    permissions,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { emailOrUsername: username, password: `${username}-password-1` },
  });
  return login.json().token as string;
};

beforeAll(async () => {
  copy = (await guideCopy()).dir;

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
        'contract/permissions.test.ts',
      ],
    }),
  );
  typeErrors = errorsOf(
    run(path.join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.readme.json'], { cwd: copy }),
  );
  lintErrors = errorsOf(
    run(path.join(root, 'node_modules/.bin/biome'), ['check', ...written], { cwd: copy }),
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
  token = await signIn('guide', ['*']);
}, 120_000);

afterAll(async () => {
  await Promise.all([typeErrors, lintErrors]);
  await app?.close();
  await db?.destroy();
  const admin = new pg.Client(inject('pg'));
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

describe("README: the 'Adding a resource' example, applied to a copy holding another", () => {
  it('takes four new files and a line added to each of three lists', () => {
    const added = blocks.filter(({ file }) => fs.existsSync(path.join(root, file)));
    expect(added.map(({ file }) => file)).toEqual([
      'server/db/migrate.ts',
      'contract/resource-areas.ts',
      'server/modules/plain/resources.ts',
    ]);
    // beyond the import, each is one line
    for (const { lines } of added)
      expect(lines.filter((line) => !line.startsWith('import '))).toHaveLength(1);
    expect(blocks.length - added.length).toBe(4);
  });

  it('creates, searches, sorts, updates and deletes announcements, one audit row per change', async () => {
    const created = await call('POST', '', { title: ' Winter sale ', body: 'From Monday' });
    expect(created.statusCode).toBe(201);
    const winter = created.json();
    expect(winter).toMatchObject({
      title: 'Winter sale',
      body: 'From Monday',
      isActive: true,
      startsOn: null,
      endsAt: null,
    });
    const spring = (
      await call('POST', '', {
        title: 'Spring',
        startsOn: '2030-06-01T00:00:00+02:00',
        endsAt: '2030-06-02T00:00:00+02:00',
      })
    ).json();
    expect(spring).toMatchObject({
      startsOn: '2030-05-31T22:00:00.000Z',
      endsAt: '2030-06-01T22:00:00.000Z',
    });

    const titlesOf = async (query: string) => {
      const res = await call('GET', query);
      expect(res.statusCode, query).toBe(200);
      return res.json().items.map((item: { title: string }) => item.title);
    };
    expect(await titlesOf('')).toEqual(['Spring', 'Winter sale']);
    expect(await titlesOf('?q=wint')).toEqual(['Winter sale']);
    expect(await titlesOf('?sort=title:asc')).toEqual(['Spring', 'Winter sale']);
    expect(await titlesOf('?sort=endsAt:desc&limit=1')).toHaveLength(1);
    expect((await call('GET', '?sort=nope:asc')).statusCode).toBe(400);

    // A change sends only what changes: `isActive` keeps its value (no default is applied).
    await call('PATCH', `/${winter._id}`, { isActive: false }, winter.updatedAt);
    const stale = await call('PATCH', `/${winter._id}`, { body: 'Later' }, winter.updatedAt);
    expect(stale.statusCode).toBe(409);
    const current = (await call('GET', '?q=winter')).json().items[0];
    const updated = await call('PATCH', `/${winter._id}`, { body: 'Later' }, current.updatedAt);
    expect(updated.json()).toMatchObject({ title: 'Winter sale', body: 'Later', isActive: false });

    expect((await call('DELETE', `/${winter._id}`)).json()).toEqual({ ok: true });
    expect((await call('DELETE', `/${winter._id}`)).json()).toMatchObject({
      error: 'Announcement not found',
    });
    expect(await titlesOf('')).toEqual(['Spring']);

    const audits = await db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'announcement')
      .where('entity_id', '=', winter._id)
      .orderBy('id')
      .execute();
    expect(audits.map(({ action }) => action)).toEqual([
      'announcement.create',
      'announcement.update',
      'announcement.update',
      'announcement.delete',
    ]);
  });

  it('refuses what the contract refuses, in its words, and stores nothing', async () => {
    const long = await call('POST', '', { title: 'x'.repeat(200) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      error: 'Title must be at most 120 characters',
      fields: { title: 'Title must be at most 120 characters' },
    });
    const empty = await call('POST', '', { title: ' ' });
    expect(empty.json()).toMatchObject({ fields: { title: 'Title is required' } });
    const flag = await call('POST', '', { title: 'Flag', isActive: 'yes' });
    expect(flag.json()).toMatchObject({ fields: { isActive: 'Active must be true or false' } });

    const backwards = await call('POST', '', {
      title: 'Backwards',
      startsOn: '2030-06-02T00:00:00Z',
      endsAt: '2030-06-01T00:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      fields: { endsAt: 'Ends at must be after Starts on' },
    });
    const titles = (await call('GET', '?limit=100'))
      .json()
      .items.map((r: { title: string }) => r.title);
    expect(titles).not.toContain('Backwards');

    // a change is checked over the stored record: an end before the stored start is refused
    const week = (
      await call('POST', '', { title: 'Week', startsOn: '2030-06-01T00:00:00Z' })
    ).json();
    const early = await call(
      'PATCH',
      `/${week._id}`,
      { endsAt: '2030-05-01T00:00:00Z' },
      week.updatedAt,
    );
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      error: 'Ends at must be after Starts on',
      fields: { endsAt: 'Ends at must be after Starts on' },
    });
    const later = await call(
      'PATCH',
      `/${week._id}`,
      { endsAt: '2030-06-08T00:00:00Z' },
      week.updatedAt,
    );
    expect(later.json()).toMatchObject({ endsAt: '2030-06-08T00:00:00.000Z' });
  });

  it('announces each change to live consoles, to the readers of its area', async () => {
    const stream = await openStream(await addressOf(app), { authorization: `Bearer ${token}` });
    try {
      const created = (await call('POST', '', { title: 'Live' })).json();
      const event = await stream.next(changeOf('announcements', 'created', created._id));
      expect(event.data).toEqual({
        topic: 'resource/announcements',
        type: 'created',
        ids: [created._id],
      });
    } finally {
      stream.close();
    }
  });

  it('serves announcements to the admins its own area allows', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/announcements' });
    expect(res.statusCode).toBe(401);
    const player = await signIn('player');
    expect((await callAs(() => player)('POST', '', { title: 'Mine' })).statusCode).toBe(403);

    const other = await signIn('other', ['settings:*', 'bulletins:*']);
    const refused = await callAs(() => other)('GET', '');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'Missing permission: announcements:read',
      permission: 'announcements:read',
    });
    expect((await callAs(() => other, 'bulletins')('GET', '')).statusCode).toBe(200);

    const reader = await signIn('reader', ['announcements:read']);
    expect((await callAs(() => reader)('GET', '')).statusCode).toBe(200);
    const write = await callAs(() => reader)('POST', '', { title: 'Nope' });
    expect(write.json()).toMatchObject({ permission: 'announcements:write' });

    const catalogue = await app.inject({
      method: 'GET',
      url: '/api/admin/permissions',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(catalogue.json()).toEqual(
      expect.arrayContaining([
        { name: 'announcements:*', description: 'Everything in announcements' },
        { name: 'announcements:read', description: 'See announcements' },
        { name: 'announcements:write', description: 'Create, edit and delete announcements' },
        { name: 'bulletins:read', description: 'See bulletins' },
      ]),
    );
  });

  it('gives the console the folder: its screens and a top menu link, and it type-checks and lints', async () => {
    const { plainResources } = await import(path.join(copy, 'src/resources/plain/registry.ts'));
    const announcements = plainResources.find((r: { name: string }) => r.name === 'announcements');
    expect(announcements?.spec.title).toBe('Announcements');
    expect(Object.keys(announcements?.props ?? {})).toEqual(
      expect.arrayContaining(['list', 'create', 'edit']),
    );
    const contract = await announcements?.spec.contract();
    expect(Object.keys(contract.fields)).toContain('startsOn');
    const { menuOf } = await import(path.join(copy, 'src/layout/menu.ts'));
    const { menuScreens } = await import(path.join(copy, 'src/registry/screens.ts'));
    const menu = menuOf(menuScreens);
    expect(menu).toContainEqual(
      expect.objectContaining({ label: 'Announcements', to: '/announcements' }),
    );
    expect(menu).toContainEqual(expect.objectContaining({ label: 'Bulletins', to: '/bulletins' }));
    expect(await typeErrors).toBe('');
    expect(await lintErrors).toBe('');
  }, 120_000);
});
