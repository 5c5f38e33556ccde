import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README is short and points into docs/: every relative link in them must reach a file, and
// a `#part` of it a heading there, as GitHub names headings.

const root = path.resolve(import.meta.dirname, '..');
const docs = fs
  .readdirSync(path.join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);
const pages = ['README.md', ...docs];

/** The page's lines outside fenced code blocks, inline code removed. */
function prose(file: string): string[] {
  let fenced = false;
  return fs
    .readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .filter((line) => {
      const fence = /^\s*```/.test(line);
      if (fence) fenced = !fenced;
      return !fence && !fenced;
    })
    .map((line) => line.replace(/`[^`]*`/g, ''));
}

/** GitHub's anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of prose(file)) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

/** Every relative link target of a page (images too): `path`, `path#part` or `#part`. */
function linksOf(file: string): string[] {
  return prose(file)
    .flatMap((line) => [...line.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)])
    .map(([, target = '']) => target)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('the README and docs/', () => {
  it('open with the two commands, both scripts of the package', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const first = /```sh\n([\s\S]*?)```/.exec(readme);
    expect(readme.indexOf('```sh')).toBeLessThan(readme.indexOf('\n## '));
    expect(first?.[1]).toMatch(/^npm ci && npm start\s.*\nnpm test\s/);
    const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(Object.keys(scripts)).toEqual(expect.arrayContaining(['start', 'test']));
  });

  it.each(pages)('%s: every relative link reaches a file and its heading', (file) => {
    const broken = linksOf(file).filter((link) => {
      const [target = '', anchor] = link.split('#');
      const resolved = target ? path.join(path.dirname(file), decodeURI(target)) : file;
      if (!fs.existsSync(path.join(root, resolved))) return true;
      return anchor !== undefined && !anchorsOf(resolved).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  it('links every page of docs/ from the README', () => {
    const linked = new Set(linksOf('README.md').map((link) => link.split('#')[0]));
    expect(docs.filter((doc) => !linked.has(doc))).toEqual([]);
  });
});
