import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// The README's "Adding a resource", as code: its steps' blocks, and a copy of the repository
// they are applied to, word for word, after another resource added the same way. The guide's
// API test (server/readme-example.test.ts) and its end-to-end test (e2e/guide-resource.spec.ts)
// run such a copy.

const root = path.resolve(import.meta.dirname, '..', '..');
export const run = promisify(execFile);

export interface Block {
  file: string;
  lines: string[];
}

/**
 * The code blocks of the section's steps, each named by its first line (`// path`, then maybe
 * where in the file: `// path, a line in alphabetical order`), indentation removed. `rename`
 * turns the guide's resource into another one.
 */
export function guideBlocks(rename: (text: string) => string = (text) => text): Block[] {
  const readme = rename(fs.readFileSync(path.join(root, 'README.md'), 'utf8'));
  const section = readme.split('## Adding a resource')[1]?.split('\n## ')[0] ?? '';
  // the steps' blocks, indented in their list items (those after them show other kinds)
  const steps = [...section.matchAll(/^( +)```tsx?\n([\s\S]*?)^\1```/gm)];
  return steps.map(([, indent = '', body]) => {
    const [header = '', ...lines] = (body ?? '')
      .trimEnd()
      .split('\n')
      .map((line) => line.slice(indent.length));
    return { file: header.replace(/^\/\/\s*/, '').split(/[ ,]/)[0] ?? '', lines };
  });
}

/** The guide's resource as another one a developer added before: bulletins. */
export const asBulletins = (text: string) =>
  text
    .replace(/announcement/g, 'bulletin')
    .replace(/Announcement/g, 'Bulletin')
    .replace(/20261127_/g, '20261126_');

const isImport = (line: string) => line.startsWith('import ');
/** Indentation and first character: how a line of a list looks beside the entries before it. */
const lookOf = (line: string) => /^\s*\S/.exec(line)?.[0];

/** A line that closes a list or an object at the file's top level: `}`, `];`, `} as const;`. */
const closesList = (line: string) => /^[}\]]/.test(line);

/**
 * A block for a new file is the file. A block for a file that exists is what to add: its
 * imports after the file's last import, each other run of lines after the last line that starts
 * like the run does (the list it joins; a single line in its order there), else before the
 * file's last closing line (the list holds nothing like it yet), else at the end.
 */
export function apply(dir: string, { file, lines }: Block): void {
  const target = path.join(dir, file);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, `${lines.join('\n')}\n`);
    return;
  }
  const source = fs.readFileSync(target, 'utf8').trimEnd().split('\n');
  const imports = lines.filter((line) => isImport(line) && !source.includes(line));
  source.splice(source.findLastIndex(isImport) + 1, 0, ...imports);
  const runs: string[][] = [];
  lines.forEach((line, i) => {
    if (isImport(line)) return;
    if (i > 0 && !isImport(lines[i - 1] ?? '')) runs.at(-1)?.push(line);
    else runs.push([line]);
  });
  for (const run of runs) {
    const first = run[0] ?? '';
    const alike = (line: string) => lookOf(line) === lookOf(first);
    // a line joins its list in order (a sorted list stays sorted), else at its end
    const next = run.length === 1 ? source.findIndex((line) => alike(line) && line > first) : -1;
    const last = source.findLastIndex(alike);
    const closing = source.findLastIndex(closesList);
    const at = next !== -1 ? next : last !== -1 ? last + 1 : closing;
    source.splice(at !== -1 ? at : source.length, 0, ...run);
  }
  fs.writeFileSync(target, `${source.join('\n')}\n`);
}

/** The repository as `git ls-files` sees it (untracked files too), node_modules linked. */
export async function copyOfRepository(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-example-'));
  const { stdout } = await run(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  for (const file of stdout.split('\0').filter(Boolean)) {
    if (!fs.existsSync(path.join(root, file))) continue; // deleted, not yet committed
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(dir, file));
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/**
 * A copy of the repository holding bulletins (the guide applied under another name), then the
 * guide's announcements: its directory, and the files the guide's blocks wrote or changed.
 */
export async function guideCopy(): Promise<{ dir: string; before: Block[]; blocks: Block[] }> {
  const dir = await copyOfRepository();
  const before = guideBlocks(asBulletins);
  const blocks = guideBlocks();
  for (const block of [...before, ...blocks]) apply(dir, block);
  return { dir, before, blocks };
}
