// @ts-check
// The browser tests drive Debian's Chromium: install it when missing (root), else say exactly what to do.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function version() {
  try {
    return execFileSync(CHROMIUM, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

if (!existsSync(CHROMIUM) || !version()) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `The browser tests need Debian's Chromium at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n(or set CHROMIUM_PATH to a Chromium binary).`,
    );
    process.exit(1);
  }
  console.log(`Chromium is missing at ${CHROMIUM}: installing Debian's chromium package...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], {
      stdio: 'inherit',
      env,
    });
  } catch {
    console.error('Installing chromium with apt-get failed; install it by hand: apt-get install -y chromium');
    process.exit(1);
  }
}
console.log(`Using ${version() ?? CHROMIUM}`);
