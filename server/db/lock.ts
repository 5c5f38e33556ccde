import fs from 'node:fs';
import path from 'node:path';
import { isAlive, processInfo } from './processes';

export class DataDirLockedError extends Error {}

interface Holder {
  pid: number;
  startTime: string;
}

const describe = (pid: number): string => `${pid}\n${processInfo(pid)?.startTime ?? ''}\n`;

function readHolder(file: string): Holder | undefined {
  try {
    const [pid, startTime = ''] = fs.readFileSync(file, 'utf8').split('\n');
    return { pid: Number(pid), startTime };
  } catch {
    return undefined;
  }
}

/** The holder still runs: same pid and, where /proc tells, the same process (not a reused pid). */
function holderRuns(holder: Holder): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0 || !isAlive(holder.pid)) return false;
  const now = processInfo(holder.pid)?.startTime;
  return !holder.startTime || !now || now === holder.startTime;
}

/**
 * One server per DATA_DIR. The lock file is created whole and atomically (written aside, then
 * hard-linked into place, which fails if it exists). A lock whose process is gone is moved
 * aside by rename, which only one contender can win, and then retaken. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.pid');
  const mine = describe(process.pid);
  const draft = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(draft, mine);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        fs.linkSync(draft, file);
        return () => {
          if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === mine) fs.rmSync(file);
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(file);
      if (holder && holderRuns(holder)) {
        throw new DataDirLockedError(
          `Another server (pid ${holder.pid}) is already using DATA_DIR ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      const aside = `${file}.stale.${process.pid}`;
      try {
        fs.renameSync(file, aside);
      } catch {
        continue; // another contender moved it first; try again
      }
      const moved = readHolder(aside);
      if (moved && holderRuns(moved)) {
        // We raced a contender that had just taken the lock: give it back.
        try {
          fs.linkSync(aside, file);
        } catch {
          // it is gone or retaken; the loop decides
        }
      }
      fs.rmSync(aside, { force: true });
    }
    throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}: another server is starting.`);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}
