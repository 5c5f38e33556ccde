// A tiny static server for a Vite build: files as they are, any other path gets index.html.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** Serves `dir` on 127.0.0.1:`port`; answers the origin and `close`. */
export function serveStatic(dir, port) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const wanted = path.join(dir, path.normalize(decodeURIComponent(url.pathname)));
    const file =
      wanted.startsWith(dir) && fs.statSync(wanted, { throwIfNoEntry: false })?.isFile()
        ? wanted
        : path.join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(done)),
      }),
    );
  });
}
