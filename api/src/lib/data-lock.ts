// The embedded database is single-process: one lock file in DATA_DIR tells the API and the seed script apart.
// Taking it is atomic: the owner's pid is written to a private file first, which is then hard-linked to db.lock
// (link fails with EEXIST when the lock exists), so two starts at once cannot both win and nobody ever reads a
// half-written lock. A lock left by a dead process is broken under a second O_EXCL guard file, by one process.
import {
  linkSync,
  mkdirSync,
  openSync,
  closeSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** A guard older than this was left by a process that died while breaking a stale lock. */
const GUARD_STALE_MS = 10_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): { pid: number; who: string } | null {
  try {
    const [pidText, who] = readFileSync(file, 'utf8').split('\n');
    const pid = Number(pidText);
    return Number.isInteger(pid) && pid > 0 ? { pid, who: who ?? '' } : null;
  } catch {
    return null;
  }
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Removes db.lock if it still belongs to deadPid; only the process holding the guard file may do it. */
function breakStaleLock(file: string, deadPid: number | null): void {
  const guard = `${file}.break`;
  let fd: number;
  try {
    fd = openSync(guard, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    try {
      if (Date.now() - statSync(guard).mtimeMs > GUARD_STALE_MS) rmSync(guard, { force: true });
    } catch {
      // Gone already.
    }
    pause(20);
    return;
  }
  try {
    const owner = readOwner(file);
    // Re-read under the guard: another process may have broken it and taken it meanwhile.
    if ((owner?.pid ?? null) === deadPid && (owner === null || !alive(owner.pid)))
      rmSync(file, { force: true });
  } finally {
    closeSync(fd);
    rmSync(guard, { force: true });
  }
}

/** Takes the lock or throws naming the process that holds it. Returns the release function. */
export function lockDataDir(dataDir: string, holder: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'db.lock');
  const mine = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(mine, `${process.pid}\n${holder}\n`);
  const release = () => {
    if (readOwner(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  try {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      try {
        linkSync(mine, file);
        return release;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = readOwner(file);
      if (owner?.pid === process.pid) return release;
      if (owner && alive(owner.pid)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by ${owner.who || 'another process'} (pid ${owner.pid}). Stop it first, or use DATABASE_URL.`,
        );
      }
      breakStaleLock(file, owner?.pid ?? null);
    }
    throw new Error(`Could not take the lock ${file}; is another process starting on ${dataDir}?`);
  } finally {
    rmSync(mine, { force: true });
  }
}
