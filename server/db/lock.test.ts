import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rewards-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('lets one holder in and refuses a second while the first runs', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/Another server \(pid \d+\) is already using DATA_DIR/);
    release();
    expect(fs.existsSync(path.join(dir, 'server.pid'))).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over the lock of a process that is gone', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'server.pid'), '2147483646\n123\n');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.pid'), 'utf8')).toMatch(
      new RegExp(`^${process.pid}\n`),
    );
    release();
  });

  it('takes over a lock whose pid now belongs to another process (reused after a reboot)', () => {
    const dir = tempDir();
    // Our own pid is alive, but with another start time it names another process.
    fs.writeFileSync(path.join(dir, 'server.pid'), `${process.pid}\n1\n`);
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
  });

  it('release leaves a lock that is not ours alone', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    fs.writeFileSync(path.join(dir, 'server.pid'), '2147483646\n1\n');
    release();
    expect(fs.existsSync(path.join(dir, 'server.pid'))).toBe(true);
  });
});
