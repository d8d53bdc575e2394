import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { transformFileSync } from '@swc/core';
import { lockDataDir } from '../data-lock.js';

// Spawns node processes; a busy machine needs more than jest's default 5 s.
jest.setTimeout(60_000);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'data-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the DATA_DIR lock', () => {
  it('refuses a second holder while the first lives, naming it, and frees on release', () => {
    const release = lockDataDir(dir, 'the API');
    const other = spawnSyncLock(dir);
    expect(other).toMatch(/in use by the API \(pid \d+\)/);
    release();
    expect(existsSync(path.join(dir, 'db.lock'))).toBe(false);
    lockDataDir(dir, 'the seed script')();
  });

  it('takes over a lock left by a process that is gone', () => {
    // pid 2^22 + 1 is above Linux's pid_max default range used here: no such process.
    writeFileSync(path.join(dir, 'db.lock'), `${2 ** 22 + 1}\nthe API\n`);
    const release = lockDataDir(dir, 'the API');
    expect(readFileSync(path.join(dir, 'db.lock'), 'utf8')).toBe(`${process.pid}\nthe API\n`);
    release();
  });

  it('lets exactly one of many processes starting at once win, also over a stale lock', async () => {
    writeFileSync(path.join(dir, 'db.lock'), `${2 ** 22 + 1}\ncrashed\n`);
    const module = compiledLockModule(dir);
    const startAt = Date.now() + 2000;
    const racers = Array.from({ length: 6 }, () => racer(module, dir, startAt));
    try {
      const results = await Promise.all(racers.map((r) => r.answer));
      expect(results.filter((r) => r === 'won')).toHaveLength(1);
      expect(results.filter((r) => r.startsWith('refused'))).toHaveLength(5);
    } finally {
      for (const r of racers) r.child.kill('SIGKILL');
    }
  });
});

/** The lock module as plain CommonJS a child `node` can require. */
function compiledLockModule(where: string): string {
  const { code } = transformFileSync(path.join(__dirname, '..', 'data-lock.ts'), {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const file = path.join(where, 'data-lock.cjs');
  writeFileSync(file, code);
  return file;
}

/** Waits until startAt and tries the lock; the winner holds it until killed, so the others see it alive. */
function racer(module: string, dataDir: string, startAt: number) {
  const script = `
    const { lockDataDir } = require(process.argv[1]);
    const wait = Number(process.argv[3]) - Date.now();
    setTimeout(() => {
      try {
        lockDataDir(process.argv[2], 'racer ' + process.pid);
        console.log('won');
        setInterval(() => undefined, 1000);
      } catch (error) {
        console.log('refused: ' + error.message);
      }
    }, Math.max(0, wait));`;
  const child = spawn(process.execPath, ['-e', script, module, dataDir, String(startAt)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const answer = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.on('error', reject);
    child.on('exit', () => resolve(out.trim()));
  });
  return { child, answer };
}

function spawnSyncLock(dataDir: string): string {
  const module = compiledLockModule(mkdtempSync(path.join(tmpdir(), 'data-lock-module-')));
  try {
    execFileSync(
      process.execPath,
      ['-e', `require(${JSON.stringify(module)}).lockDataDir(${JSON.stringify(dataDir)}, 'second')`],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    return 'took it';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  } finally {
    rmSync(path.dirname(module), { recursive: true, force: true });
  }
}
