// @ts-check
// Uploaded code (a team's Node build) is checked inside bubblewrap (releases/src/sandbox.ts): install Debian's
// bubblewrap when it is missing and this is root, as the browser tests install Chromium; else say what runs instead.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const found = ['/usr/bin/bwrap', '/bin/bwrap', '/usr/local/bin/bwrap'].find((file) => existsSync(file));
if (!found) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    console.log(
      "bubblewrap is missing: installing Debian's bubblewrap package (it contains uploaded builds)...",
    );
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '-qq', 'bubblewrap'], { stdio: 'inherit', env });
    } catch {
      console.error(
        'Installing bubblewrap with apt-get failed; install it by hand: apt-get install -y bubblewrap',
      );
      process.exit(1);
    }
  } else {
    console.warn(
      'bubblewrap is not installed (sudo apt-get install -y bubblewrap): uploaded Node builds will be checked in unshare\'s namespaces, or under Node\'s permission model alone (docs/releases.md "Containment of uploaded code").',
    );
  }
}
