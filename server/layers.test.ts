import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The server's layers import downwards only: the shared pieces (config, auth, crud, db, http,
// net, ...) know nothing of the modules built on them nor of the app that assembles them, and
// what only tests use lives under server/test/.

const SERVER = import.meta.dirname;

/** Every TypeScript file under server/, as a path relative to it. */
function sources(dir = SERVER): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [path.relative(SERVER, full)] : [];
  });
}

/** The server files a file imports, relative to server/ (without extension), and its packages. */
function importsOf(file: string): { local: string[]; packages: string[] } {
  const text = fs.readFileSync(path.join(SERVER, file), 'utf8');
  const specifiers = [...text.matchAll(/^(?:import|export)[^'"]*from\s+'([^']+)'/gm)].map(
    ([, specifier = '']) => specifier,
  );
  return {
    local: specifiers
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) =>
        path.relative(SERVER, path.resolve(SERVER, path.dirname(file), specifier)),
      )
      .filter((target) => !target.startsWith('..')),
    packages: specifiers.filter((specifier) => !specifier.startsWith('.')),
  };
}

const isTest = (file: string) => /\.(test|check)\.ts$/.test(file) || file.startsWith('test/');
const production = sources().filter((file) => !isTest(file));
/** The layers below the modules: the top-level files other than the entry points, and these. */
const SHARED = ['audit/', 'auth/', 'crud/', 'db/', 'http/', 'net/', 'secrets/', 'settings/'];
const isShared = (file: string) =>
  SHARED.some((dir) => file.startsWith(dir)) || file === 'config.ts';

describe('the layers of the server', () => {
  it('import the modules and the app only from above them', () => {
    const upward = production.filter(isShared).flatMap((file) =>
      importsOf(file)
        .local.filter((target) => target.startsWith('modules/') || target === 'app')
        .map((target) => `${file} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('keep configuration below everything it configures', () => {
    const imported = importsOf('config.ts').local;
    // ADMIN_PASSWORD is held to the admin password rules: a leaf, importing no server file.
    const rules = 'auth/admin-password-rules';
    expect(
      imported.filter((target) => !/^(net|secrets)\//.test(target) && target !== rules),
    ).toEqual([]);
    expect(importsOf(`${rules}.ts`).local).toEqual([]);
  });

  it('keep what only tests use under server/test', () => {
    const misplaced = production.filter((file) => {
      const { local, packages } = importsOf(file);
      return packages.includes('vitest') || local.some((target) => target.startsWith('test/'));
    });
    expect(misplaced).toEqual([]);
    const helpers = production.filter((file) => /(^|\/)(testing|test-[a-z-]+)\.ts$/.test(file));
    expect(helpers).toEqual([]);
    // The checks run after the tests, over what they recorded.
    const checks = sources().filter((file) => file.endsWith('.check.ts'));
    expect(checks.filter((file) => !file.startsWith('test/'))).toEqual([]);
  });

  it('swap no module for a test file: the API tests share loaded modules (vitest.config.ts)', () => {
    const swapping = sources().filter(
      (file) =>
        file.endsWith('.test.ts') &&
        /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(SERVER, file), 'utf8')),
    );
    expect(swapping).toEqual([]);
  });
});
