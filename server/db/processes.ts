import fs from 'node:fs';

/**
 * True while a process with this pid runs (EPERM: it runs as another user). A zombie, one that
 * exited but that its parent has not reaped yet, counts as gone: an orphan's new parent (PID 1
 * in a container) may take seconds to reap it, or never do.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return statFields(pid)?.[0] !== 'Z';
}

/** The fields of /proc/<pid>/stat after the command name, from the state on. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (2nd field) may hold spaces and parentheses: split after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

export async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

export interface ProcessInfo {
  cmdline: string;
  parentPid: number;
  /** Clock ticks since boot: with the pid, names one process even after the pid is reused. */
  startTime: string;
}

/** What Linux's /proc tells of a live process; undefined when it is gone or there is no /proc. */
export function processInfo(pid: number): ProcessInfo | undefined {
  const fields = statFields(pid);
  if (!fields) return undefined;
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    return { cmdline, parentPid: Number(fields[1]), startTime: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}
