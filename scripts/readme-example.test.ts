import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README's "Adding a resource" quotes real code: every quoted line must still be in the
// file its block names, so the example cannot drift from the code it teaches.

const root = path.resolve(import.meta.dirname, '..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const section = readme.split('## Adding a resource')[1]?.split('\n## ')[0] ?? '';
const blocks = [...section.matchAll(/```tsx?\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');

describe('README: adding a resource', () => {
  it('quotes at least one block for each of the four places', () => {
    const files = blocks.map((b) => b.trim().split('\n')[0]);
    expect(files).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/\/ contract\//),
        expect.stringMatching(/^\/\/ server\/modules\//),
        '// server/app.ts',
        '// src/dataProvider.ts',
        expect.stringMatching(/^\/\/ src\/resources\//),
        '// src/App.tsx',
      ]),
    );
  });

  for (const block of blocks) {
    const [header = '', ...lines] = block
      .trim()
      .split('\n')
      .map((line) => line.trim());
    const file = header.replace(/^\/\/\s*/, '');
    it(`every line quoted from ${file} is in it`, () => {
      const source = fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .map((line) => line.trim());
      for (const line of lines.filter(Boolean)) expect(source, line).toContain(line);
    });
  }
});
