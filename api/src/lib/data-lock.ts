// The embedded database is single-process: one pid file in DATA_DIR tells the API and the seed script apart.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock or throws naming the process that holds it. Returns the release function. */
export function lockDataDir(dataDir: string, holder: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'db.lock');
  if (existsSync(file)) {
    const [pidText, who] = readFileSync(file, 'utf8').split('\n');
    const pid = Number(pidText);
    if (Number.isInteger(pid) && pid !== process.pid && alive(pid)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by ${who || 'another process'} (pid ${pid}). Stop it first, or use DATABASE_URL.`,
      );
    }
  }
  writeFileSync(file, `${process.pid}\n${holder}\n`);
  return () => {
    try {
      const [pidText] = readFileSync(file, 'utf8').split('\n');
      if (Number(pidText) === process.pid) rmSync(file);
    } catch {
      // Already gone.
    }
  };
}
