import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from './config';
import { createAppDataProvider } from './dataProvider';
import { endpoints } from './endpoints';
import { setToken } from './storage';

interface Seen {
  method: string;
  url: string;
  authorization?: string;
}

/** A real HTTP server on a free port that records what it is asked and answers `handle`. */
const serve = async (handle: (req: IncomingMessage, res: ServerResponse, body: string) => void) => {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
      });
      handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, seen, origin: `http://127.0.0.1:${port}` };
};

const json = (res: ServerResponse, status: number, body: unknown, headers = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/** A small service speaking ra-data-simple-rest's conventions, holding two reviews. */
const reviewsService = () => {
  const reviews = [
    { id: 1, author: 'ann', stars: 5 },
    { id: 2, author: 'bob', stars: 3 },
  ];
  return serve((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://service');
    const [, name, id] = url.pathname.split('/');
    if (name !== 'reviews') return json(res, 404, { message: 'Not found' });
    if (!id && req.method === 'GET') {
      const [start = 0, end = 9] = JSON.parse(url.searchParams.get('range') ?? '[0,9]');
      const page = reviews.slice(start, end + 1);
      return json(res, 200, page, {
        'Content-Range': `reviews ${start}-${start + page.length - 1}/${reviews.length}`,
      });
    }
    const review = reviews.find((r) => String(r.id) === id);
    if (!review) return json(res, 404, { message: 'Not found' });
    if (req.method === 'PUT') Object.assign(review, JSON.parse(body));
    return json(res, 200, review);
  });
};

describe('a resource mounted from another REST service (ra-data-simple-rest)', () => {
  const servers: Server[] = [];
  const original = { ...config };
  afterAll(() => {
    Object.assign(config, original);
    for (const server of servers) server.close();
  });

  let service: Awaited<ReturnType<typeof reviewsService>>;
  let api: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    service = await reviewsService();
    api = await serve((_req, res) =>
      json(res, 200, { items: [{ userId: 'USR-1', username: 'ann' }], total: 1 }),
    );
    servers.push(service.server, api.server);
    config.apiBase = `${api.origin}/api`;
    setToken('tok-ours');
  });

  it('lists, reads and updates it through the same data provider, one line in the endpoint table', async () => {
    const provider = createAppDataProvider({ ...endpoints, reviews: { rest: service.origin } });

    const list = await provider.getList('reviews', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(list).toMatchObject({ total: 2, data: [{ author: 'ann' }, { author: 'bob' }] });

    const one = await provider.getOne('reviews', { id: 2 });
    expect(one.data).toEqual({ id: 2, author: 'bob', stars: 3 });

    const updated = await provider.update('reviews', {
      id: 2,
      data: { stars: 4 },
      previousData: one.data,
    });
    expect(updated.data).toMatchObject({ id: 2, stars: 4 });
    expect(service.seen.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
      'GET /reviews',
      'GET /reviews/2',
      'PUT /reviews/2',
    ]);
    // our session token never leaves for the other service
    expect(service.seen.every((r) => r.authorization === undefined)).toBe(true);

    // and our own resources still go to our API, with it
    const users = await provider.getList('users', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(users.data).toEqual([{ userId: 'USR-1', username: 'ann', id: 'USR-1' }]);
    expect(api.seen).toEqual([
      {
        method: 'GET',
        url: '/api/admin/users?page=1&limit=20&sort=createdAt%3Adesc',
        authorization: 'Bearer tok-ours',
      },
    ]);
  });
});
