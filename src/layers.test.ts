import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The console's layers import downwards only, as the server's do (server/layers.test.ts): the
// providers, the access checks, the live updates and the contract at the bottom; the shared
// components above them; the resources, then the pages built on them; the registry that lists
// them; the layout, which gets the registry from App; App and its entry on top. Lazy `import()`
// counts as an import: a screen loaded later is still a dependency.

const SRC = import.meta.dirname;

/** Every TypeScript file under src/, as a path relative to it. */
function sources(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [path.relative(SRC, full)] : [];
  });
}

const isTest = (file: string) =>
  /\.test\.tsx?$/.test(file) ||
  file.startsWith('test/') ||
  /(^|\/)(testing|fixtures)\.tsx?$/.test(file);

/** The file a relative specifier names, relative to src/; undefined outside src/. */
function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(SRC, path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  const found = candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
  const relative = found && path.relative(SRC, found);
  return relative && !relative.startsWith('..') ? relative : undefined;
}

/** The src/ files a file imports: static imports, re-exports and lazy `import()`. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(SRC, file), 'utf8');
  const specifiers = [
    ...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s*)'(\.{1,2}\/[^']*)'/gm),
  ].map(([, specifier = '']) => specifier);
  return [...new Set(specifiers.flatMap((specifier) => resolve(file, specifier) ?? []))];
}

/** The layers above the providers, bottom first, each by the folder its files are in. */
const LAYERS: [name: string, holds: (file: string) => boolean][] = [
  ['components', (file) => file.startsWith('components/')],
  ['resources', (file) => file.startsWith('resources/')],
  ['pages', (file) => file.startsWith('pages/')],
  ['registry', (file) => file.startsWith('registry/')],
  ['layout', (file) => file.startsWith('layout/')],
  ['App', (file) => file === 'App.tsx' || file === 'main.tsx'],
];

/** 0 for the providers (every other file), then one more for each layer up. */
const layerOf = (file: string) => LAYERS.findIndex(([, holds]) => holds(file)) + 1;
const nameOf = (file: string) => LAYERS[layerOf(file) - 1]?.[0] ?? 'providers';

const production = sources().filter((file) => !isTest(file));
const graph = new Map(production.map((file) => [file, importsOf(file)]));

/** The strongly connected groups of files (Tarjan): every group of two or more is a cycle. */
function cycles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('the layers of the console', () => {
  it('import only from their own layer or below', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => layerOf(target) > layerOf(file))
        .map((target) => `${file} (${nameOf(file)}) → ${target} (${nameOf(target)})`),
    );
    expect(upward).toEqual([]);
  });

  it('give the layout the registry from App: it imports no screen', () => {
    const screens = [...graph].flatMap(([file, targets]) =>
      file.startsWith('layout/')
        ? targets
            .filter((target) => /^(registry|resources|pages)\//.test(target))
            .map((target) => `${file} → ${target}`)
        : [],
    );
    expect(screens).toEqual([]);
  });

  it('close no import cycle, lazy imports included', () => {
    expect(cycles()).toEqual([]);
  });

  it('keep what only tests use out of the console', () => {
    const misplaced = [...graph].flatMap(([file, targets]) =>
      targets.filter(isTest).map((target) => `${file} → ${target}`),
    );
    expect(misplaced).toEqual([]);
  });
});
