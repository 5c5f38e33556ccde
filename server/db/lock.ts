import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from './process-alive';

export class DataDirLockedError extends Error {}

/**
 * One server per DATA_DIR: the lock file holds the owner's pid. A lock whose process is gone
 * (a killed server) is taken over; a live owner makes this start fail with a clear message.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `Another server (pid ${owner}) is already using DATA_DIR ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}: another server is starting.`);
}
