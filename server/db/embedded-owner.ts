import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const OS_USER = 'postgres';

export class EmbeddedPostgresError extends Error {}

export interface Owner {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` system user. */
export async function databaseOwner(): Promise<Owner | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async () => {
    const [u, g] = await Promise.all([run('id', ['-u', OS_USER]), run('id', ['-g', OS_USER])]);
    return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    try {
      await run('useradd', ['--system', '--user-group', '--no-create-home', OS_USER]);
    } catch (error) {
      throw new EmbeddedPostgresError(
        `Running as root, the database needs a '${OS_USER}' system user, and creating it failed (${(error as Error).message.split('\n')[0]}). Create it (useradd --system ${OS_USER}), run as another user, or set DATABASE_URL.`,
      );
    }
    return lookup();
  }
}

/** Every folder on the way to `target` must be enterable by the database's OS user. */
export function assertReachable(target: string, owner: Owner, what: string): void {
  let current = path.dirname(target);
  while (true) {
    const st = fs.statSync(current);
    const canEnter =
      st.uid === owner.uid
        ? (st.mode & 0o100) !== 0
        : st.gid === owner.gid
          ? (st.mode & 0o010) !== 0
          : (st.mode & 0o001) !== 0;
    if (!canEnter) {
      throw new EmbeddedPostgresError(
        `The database runs as the '${OS_USER}' user (PostgreSQL refuses root), which cannot reach ${what} through ${current}. ` +
          `Allow it with: chmod o+x ${current}  (or move the project, or set DATA_DIR elsewhere)`,
      );
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

/**
 * Creates `dir` (or accepts it) as a real directory with this mode, owned by the database user.
 * Refuses a symlink or a folder someone else owns: under /tmp another local user could plant one.
 */
export function ensureOwnDir(dir: string, mode: number, owner: Owner | undefined): void {
  fs.mkdirSync(dir, { recursive: true, mode });
  const st = fs.lstatSync(dir);
  const expectedUid = owner?.uid ?? process.getuid?.();
  const ours = st.uid === expectedUid || st.uid === process.getuid?.();
  if (!st.isDirectory() || st.isSymbolicLink() || !ours) {
    throw new EmbeddedPostgresError(
      `Refusing to use ${dir}: it is not a directory owned by this server.`,
    );
  }
  fs.chmodSync(dir, mode);
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
}
