// A stand-in for the push provider's REST API in end-to-end runs: answers
// POST /notifications as the provider does (an id) and lists what it received at
// GET /__requests. Listens on 127.0.0.1:E2E_PUSH_STUB_PORT.
import http from 'node:http';

const port = Number(process.env.E2E_PUSH_STUB_PORT);
if (!Number.isInteger(port) || port <= 0) {
  process.stderr.write('E2E_PUSH_STUB_PORT must be a port number\n');
  process.exit(1);
}

const received = [];

const answer = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const path = new URL(req.url ?? '/', 'http://stub').pathname;
    if (req.method === 'GET' && path === '/__requests') return answer(res, 200, received);
    if (req.method !== 'POST' || path !== '/notifications') {
      return answer(res, 404, { errors: [`No route ${req.method} ${path}`] });
    }
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return answer(res, 400, { errors: ['The request body is not valid JSON'] });
    }
    received.push({ method: req.method, path, headers: req.headers, body });
    if (!req.headers.authorization?.startsWith('Key ')) {
      return answer(res, 403, {
        errors: ['Access denied. Please include an Authorization header'],
      });
    }
    const id = `00000000-0000-4000-8000-${String(received.length).padStart(12, '0')}`;
    return answer(res, 200, { id, external_id: null });
  });
});

server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
