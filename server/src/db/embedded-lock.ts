import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * The embedded database is files that one PGlite instance owns: a second process opening the
 * same folder (a second server, or `npm run admin:create` beside a running one) writes over the
 * first one's pages, and the first never sees the change. So whoever opens it writes its pid
 * into `<dataDir>.lock` first, and everyone else is refused while that process lives.
 */
export class EmbeddedDatabaseInUseError extends Error {
  readonly pid: number;

  constructor(dataDir: string, pid: number) {
    super(
      `the embedded database at ${dataDir} is in use by process ${pid}: stop it first, or use DATABASE_URL (if no such process runs, remove ${lockFileOf(dataDir)})`,
    );
    this.name = 'EmbeddedDatabaseInUseError';
    this.pid = pid;
  }
}

function lockFileOf(dataDir: string): string {
  return `${dataDir}.lock`;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Folders this process holds: its own pid in a lock file is stale only when it is not one of these. */
const heldHere = new Set<string>();

/** Takes the folder for this process; the returned function gives it back. */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  if (heldHere.has(file)) throw new EmbeddedDatabaseInUseError(dataDir, process.pid);
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(file, 'utf8').trim());
    // a lock left by a process that is gone, or by this very pid in an earlier life (a container's
    // pid 1 after a restart), is stale
    if (Number.isSafeInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
      throw new EmbeddedDatabaseInUseError(dataDir, holder);
    }
    rmSync(file, { force: true });
  }
}
