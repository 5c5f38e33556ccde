import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config';

const KEY = Buffer.from(Array.from({ length: 32 }, (_, i) => i * 7));

describe('readConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('.data'),
      databaseUrl: undefined,
      admin: { username: 'admin', email: 'admin@example.com', password: undefined },
      logLevel: 'info',
      basePath: '',
      trustProxy: false,
      demoData: true,
      frameAncestors: ["'self'"],
      connectSrc: [],
      secretsKey: undefined,
      pushApiUrl: 'https://api.onesignal.com',
      auth: { mode: 'password' },
    });
  });

  it('reads every variable', () => {
    const config = readConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/rewards',
      DATABASE_URL: 'postgres://app:secret@db:5432/rewards',
      ADMIN_USERNAME: 'root.admin',
      ADMIN_EMAIL: 'ops@example.com',
      ADMIN_PASSWORD: 'long-enough',
      LOG_LEVEL: 'warn',
      BASE_PATH: '/admin/',
      TRUST_PROXY: '1',
      FRAME_ANCESTORS: "'self' https://a.example",
      CONNECT_SRC: 'https://reviews.example.com, http://127.0.0.1:9300',
      SECRETS_KEY: KEY.toString('base64'),
      ONESIGNAL_API_URL: 'http://127.0.0.1:9100/stub/',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/rewards',
      databaseUrl: 'postgres://app:secret@db:5432/rewards',
      admin: { username: 'root.admin', email: 'ops@example.com', password: 'long-enough' },
      logLevel: 'warn',
      basePath: '/admin',
      trustProxy: 1,
      demoData: false,
      frameAncestors: ["'self'", 'https://a.example'],
      connectSrc: ['https://reviews.example.com', 'http://127.0.0.1:9300'],
      secretsKey: KEY,
      pushApiUrl: 'http://127.0.0.1:9100/stub',
    });
  });

  it('believes X-Forwarded-For only from the proxies it is told about', () => {
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow(/'true' would believe any client/);
  });

  it('signs admins in through a single sign-on proxy only with its addresses', () => {
    expect(readConfig({ AUTH_MODE: 'proxy', TRUSTED_PROXIES: '10.0.0.0/8, ::1' }).auth).toEqual({
      mode: 'proxy',
      header: 'X-Forwarded-Email',
      proxies: ['10.0.0.0/8', '::1'],
      logoutUrl: '/oauth2/sign_out',
    });
    expect(
      readConfig({
        AUTH_MODE: 'proxy',
        TRUSTED_PROXIES: '127.0.0.2',
        TRUSTED_PROXY_HEADER: 'X-Auth-Request-Email',
        LOGOUT_URL: 'https://sso.example.com/logout',
      }).auth,
    ).toEqual({
      mode: 'proxy',
      header: 'X-Auth-Request-Email',
      proxies: ['127.0.0.2'],
      logoutUrl: 'https://sso.example.com/logout',
    });
    // Without the proxy's addresses, anyone could send the header.
    expect(() => readConfig({ AUTH_MODE: 'proxy' })).toThrow(
      /TRUSTED_PROXIES: must list the sign-on proxy's addresses/,
    );
    expect(() => readConfig({ AUTH_MODE: 'sso' })).toThrow(
      /AUTH_MODE="sso": must be password or proxy/,
    );
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/8', '', '0.0.0.0/0', '::/0']) {
      expect(
        () => readConfig({ AUTH_MODE: 'proxy', TRUSTED_PROXIES: `127.0.0.1,${bad}` }),
        bad,
      ).toThrow(/TRUSTED_PROXIES=.*must be IP addresses or CIDR ranges/);
    }
    expect(() => readConfig({ TRUSTED_PROXY_HEADER: 'X Email' })).toThrow(/must be a header name/);
    for (const elsewhere of ['//evil.example/out', '/\\evil.example/out']) {
      expect(() => readConfig({ LOGOUT_URL: elsewhere }), elsewhere).toThrow(/LOGOUT_URL=/);
    }
    expect(() => readConfig({ LOGOUT_URL: 'javascript:alert(1)' })).toThrow(
      /LOGOUT_URL=.*must be an http\(s\) URL or a path/,
    );
  });

  it('requires two-step sign-in of every admin with REQUIRE_2FA=true, and only then', () => {
    expect(readConfig({ REQUIRE_2FA: 'true' }).auth).toEqual({
      mode: 'password',
      requireTwoStep: true,
    });
    for (const off of [{}, { REQUIRE_2FA: 'false' }, { REQUIRE_2FA: '' }]) {
      expect(readConfig(off).auth, JSON.stringify(off)).toEqual({
        mode: 'password',
        requireTwoStep: false,
      });
    }
    for (const bad of ['yes', '1', 'on']) {
      const refused = () => readConfig({ REQUIRE_2FA: bad });
      expect(refused, bad).toThrow(ConfigError);
      expect(refused, bad).toThrow(`REQUIRE_2FA="${bad}": must be true or false`);
    }
    // Behind a sign-on proxy, second factors are its identity provider's to ask for.
    const proxy = { AUTH_MODE: 'proxy', TRUSTED_PROXIES: '10.0.0.5' };
    expect(() => readConfig({ ...proxy, REQUIRE_2FA: 'true' })).toThrow(ConfigError);
    expect(() => readConfig({ ...proxy, REQUIRE_2FA: 'true' })).toThrow(/REQUIRE_2FA: /);
    expect(readConfig({ ...proxy, REQUIRE_2FA: 'false' }).auth.mode).toBe('proxy');
  });

  it("maps sign-on groups to permissions behind the proxy, from the header named or oauth2-proxy's", () => {
    const proxy = { AUTH_MODE: 'proxy', TRUSTED_PROXIES: '127.0.0.2' };
    expect(readConfig(proxy).auth).not.toHaveProperty('groups');
    const mapped = readConfig({
      ...proxy,
      SSO_GROUP_PERMISSIONS:
        ' {"finance": ["withdrawals:read", "withdrawals:approve", "withdrawals:read"], "ops": ["*", "bots:*"], "constructor": []} ',
    }).auth;
    expect(mapped).toMatchObject({
      mode: 'proxy',
      groups: {
        header: 'X-Forwarded-Groups',
        permissions: new Map([
          ['finance', ['withdrawals:read', 'withdrawals:approve']],
          ['ops', ['*', 'bots:*']],
          ['constructor', []],
        ]),
      },
    });
    expect(
      readConfig({ ...proxy, TRUSTED_PROXY_GROUPS_HEADER: 'X-Auth-Request-Groups' }).auth,
    ).toMatchObject({ groups: { header: 'X-Auth-Request-Groups', permissions: new Map() } });
    expect(() => readConfig({ TRUSTED_PROXY_GROUPS_HEADER: 'X Groups' })).toThrow(
      /TRUSTED_PROXY_GROUPS_HEADER="X Groups": must be a header name/,
    );
  });

  it('stops on an SSO_GROUP_PERMISSIONS that is not JSON, not a mapping, or grants an unknown permission', () => {
    const refused: [string, RegExp][] = [
      ['{finance: ["withdrawals:read"]}', /is not valid JSON: must be a JSON object/],
      ['["withdrawals:read"]', /must be a JSON object of group name to permission names/],
      ['"finance"', /must be a JSON object/],
      ['null', /must be a JSON object/],
      ['{"finance": "withdrawals:read"}', /group "finance": must be a JSON object/],
      ['{"finance": [1]}', /group "finance": must be a JSON object/],
      [
        '{"finance": ["withdrawals:read", "withdrawals:pay"]}',
        /group "finance": unknown permission "withdrawals:pay"; valid names: \*, users:\*/,
      ],
      ['{"a,b": []}', /group "a,b": a group name is not blank, has no comma/],
      ['{"": []}', /group "": a group name is not blank/],
      ['{" finance": []}', /group " finance": a group name/],
    ];
    for (const [value, message] of refused) {
      let error: unknown;
      try {
        readConfig({
          AUTH_MODE: 'proxy',
          TRUSTED_PROXIES: '127.0.0.2',
          SSO_GROUP_PERMISSIONS: value,
        });
      } catch (e) {
        error = e;
      }
      expect(error, value).toBeInstanceOf(ConfigError);
      expect((error as Error).message, value).toContain(
        `SSO_GROUP_PERMISSIONS=${JSON.stringify(value)}: `,
      );
      expect((error as Error).message, value).toMatch(message);
    }
  });

  it('names every bad variable in one message, without echoing secrets it does not need', () => {
    let error: unknown;
    try {
      readConfig({
        PORT: '70000',
        DATABASE_URL: 'mysql://app:hunter22@db/x',
        ADMIN_PASSWORD: 'short',
        LOG_LEVEL: 'loud',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT="70000": must be between 1 and 65535');
    expect(message).toContain('DATABASE_URL (value hidden): must start with postgres://');
    expect(message).not.toContain('hunter22');
    expect(message).toContain('LOG_LEVEL');
    expect(message).toContain(
      'ADMIN_PASSWORD (value hidden): Choose a password of at least 8 characters.',
    );
    expect(message).not.toContain('short');
  });

  it('holds ADMIN_PASSWORD to the admin password rules, for the admin it names', () => {
    const refusal = (env: NodeJS.ProcessEnv) => {
      try {
        readConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.message;
        throw error;
      }
      return 'accepted';
    };
    expect(refusal({ ADMIN_PASSWORD: 'Password1', PORT: 'eighty' })).toBe(
      'Invalid configuration:\n  PORT="eighty": must be a number\n  ADMIN_PASSWORD (value hidden): This password is too common.',
    );
    const names =
      "ADMIN_PASSWORD (value hidden): Choose a password different from the account's username and email.";
    expect(refusal({ ADMIN_PASSWORD: 'Admin@Example.com' })).toContain(names);
    expect(refusal({ ADMIN_USERNAME: 'root.admin', ADMIN_PASSWORD: 'ROOT.ADMIN' })).toContain(
      names,
    );
    expect(
      refusal({ ADMIN_EMAIL: 'maria.garcia@corp.example', ADMIN_PASSWORD: 'maria.garcia' }),
    ).toContain(names);
    expect(refusal({ ADMIN_PASSWORD: 'x'.repeat(257) })).toContain(
      'ADMIN_PASSWORD (value hidden): Choose a password of at most 256 characters.',
    );
    expect(refusal({ ADMIN_PASSWORD: 'k7#mq2!x' })).toBe('accepted');
  });

  it('takes only a 32-byte SECRETS_KEY and never shows one that is refused', () => {
    const short = Buffer.alloc(16, 1).toString('base64');
    for (const bad of [short, 'not base64 at all!', `${KEY.toString('base64')}AAAA`]) {
      expect(() => readConfig({ SECRETS_KEY: bad })).toThrow(
        'SECRETS_KEY (value hidden): must be 32 bytes in base64',
      );
      try {
        readConfig({ SECRETS_KEY: bad });
      } catch (error) {
        expect((error as Error).message).not.toContain(bad);
      }
    }
  });

  it('takes only a BASE_PATH of path segments: never another host, nor a climb out', () => {
    for (const [value, basePath] of [
      ['/', ''],
      ['/admin', '/admin'],
      ['/tools/admin-1.2_x~/', '/tools/admin-1.2_x~'],
    ] as const) {
      expect(readConfig({ BASE_PATH: value }).basePath, value).toBe(basePath);
    }
    for (const bad of [
      '//evil.example',
      '///evil.example',
      '/admin//x',
      '/admin/../x',
      '/./admin',
      '/..',
      'admin',
      '/admin\\x',
      '/admin?x=1',
      '/admin#x',
      'https://evil.example/admin',
    ]) {
      expect(() => readConfig({ BASE_PATH: bad }), bad).toThrow(
        `BASE_PATH=${JSON.stringify(bad)}: must be a path such as /admin`,
      );
    }
  });

  it('takes only an http(s) ONESIGNAL_API_URL', () => {
    expect(() => readConfig({ ONESIGNAL_API_URL: 'file:///etc/passwd' })).toThrow(
      'ONESIGNAL_API_URL="file:///etc/passwd": must be an http:// or https:// URL',
    );
    expect(() => readConfig({ ONESIGNAL_API_URL: 'api.onesignal.com' })).toThrow(
      'ONESIGNAL_API_URL',
    );
  });

  it('takes only http(s) origins in CONNECT_SRC, each as the browser compares it', () => {
    expect(
      readConfig({
        CONNECT_SRC: ' https://Reviews.Example.com/  http://[::1]:8081,https://a.example:443 ',
      }).connectSrc,
    ).toEqual(['https://reviews.example.com', 'http://[::1]:8081', 'https://a.example']);
    expect(readConfig({ CONNECT_SRC: '' }).connectSrc).toEqual([]);
    for (const bad of [
      '*',
      "'self'",
      "'unsafe-eval'",
      'https:',
      'reviews.example.com',
      'wss://reviews.example.com',
      'https://reviews.example.com/api',
      'https://reviews.example.com?x=1',
      'https://reviews.example.com#x',
      'https://user:pass@reviews.example.com',
      'https://*.example.com',
      'https://reviews.example.com;script-src',
      'data:text/html,x',
    ]) {
      expect(() => readConfig({ CONNECT_SRC: `https://ok.example ${bad}` }), bad).toThrow(
        /CONNECT_SRC=.*must be http\(s\) origins/,
      );
    }
  });
});
