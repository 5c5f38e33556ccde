// A real nginx in front of the end-to-end servers, as operators deploy the console:
//
// - E2E_NGINX_PORT: `/admin/` passed through as it is to the server started with
//   BASE_PATH=/admin (E2E_SUBPATH_PORT); the `subpath` tests sign in through it.
// - E2E_SSO_NGINX_PORT: a single sign-on front. It stands in for oauth2-proxy: the signed-in
//   person is the `sso_email` cookie, sent on as X-Forwarded-Email (any X-Forwarded-Email the
//   browser sends is replaced), from 127.0.0.2, the only address the server started with
//   AUTH_MODE=proxy (E2E_SSO_PORT) trusts; without the cookie it answers 401 itself, as
//   oauth2-proxy does. The `sso_groups` cookie stands for the person's groups in the identity
//   provider, sent on (replaced, as the email is) as X-Forwarded-Groups, a comma-separated list
//   as oauth2-proxy sends it. This one strips `/admin`, as many proxies do.
//   `/oauth2/sign_out` is its sign-out page.
//
// Runs nginx in the foreground with a configuration in a temporary directory; stops it on
// SIGTERM or SIGINT.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
if (!fs.existsSync(NGINX)) {
  process.stderr.write(
    `nginx is missing at ${NGINX}: the sub-path and sign-on tests run behind it (apt-get install -y nginx).\n`,
  );
  process.exit(1);
}

const port = (name) => {
  const value = Number(process.env[name]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} is not set`);
  return value;
};
const listen = port('E2E_NGINX_PORT');
const ssoListen = port('E2E_SSO_NGINX_PORT');
const subpathApp = port('E2E_SUBPATH_PORT');
const ssoApp = port('E2E_SSO_PORT');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rewards-nginx-'));
const temp = path.join(dir, 'temp');
fs.mkdirSync(temp);
// As root, nginx's workers run as nobody: they must be able to write their buffers here.
fs.chmodSync(dir, 0o755);
fs.chmodSync(temp, 0o777);

// proxy_set_header in a block replaces every inherited one, so each location lists them all.
const forwarded = (extra = []) =>
  [
    'proxy_set_header Host $http_host;',
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    'proxy_set_header X-Request-Id $request_id;',
    ...extra,
  ].join('\n      ');

const conf = `
worker_processes 1;
error_log ${path.join(dir, 'error.log')} warn;
pid ${path.join(dir, 'nginx.pid')};
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  proxy_http_version 1.1;

  server {
    listen 127.0.0.1:${listen};
    location = /nginx-health { return 200 "ok\\n"; }
    location = /admin { return 301 /admin/; }
    location /admin/ {
      ${forwarded()}
      proxy_pass http://127.0.0.1:${subpathApp};
    }
  }

  server {
    listen 127.0.0.1:${ssoListen};
    location = /oauth2/sign_out {
      default_type text/html;
      return 200 "<!doctype html><title>Signed out</title><h1>Signed out of single sign-on</h1>";
    }
    location /admin/ {
      # Nobody signed on: refused before the app, as oauth2-proxy refuses (or redirects).
      if ($cookie_sso_email = "") { return 401; }
      proxy_bind 127.0.0.2;
      ${forwarded([
        'proxy_set_header X-Forwarded-Email $cookie_sso_email;',
        'proxy_set_header X-Forwarded-Groups $cookie_sso_groups;',
      ])}
      proxy_pass http://127.0.0.1:${ssoApp}/;
    }
  }
}
`;
const confFile = path.join(dir, 'nginx.conf');
fs.writeFileSync(confFile, conf);

const nginx = spawn(
  NGINX,
  ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', confFile, '-g', 'daemon off;'],
  {
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
const stop = () => nginx.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
nginx.on('exit', (code, signal) => {
  if (code) {
    const log = fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
    process.stderr.write(`nginx exited with ${code}\n${log}`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(signal ? 0 : (code ?? 0));
});
