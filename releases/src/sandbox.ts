// Runs code a team uploaded with nothing to steal and within limits the kernel enforces. Three layers, the first
// two where the machine allows them:
// - bubblewrap (Debian's `bubblewrap`): new user, PID, network, IPC and mount namespaces; the process sees only /usr
//   (read-only), its own folders and an empty /tmp of bounded size; no /proc of any other process, no network, no
//   environment, and it runs as nobody. Killing bwrap ends everything in its PID namespace.
// - else `unshare` (util-linux): new user, PID and network namespaces, the real file system behind the next layer.
// - always Node's permission model: reads only of the folders given, writes only in the scratch folder, no child
//   process, no worker, no native addon.
// And always prlimit: an address-space limit (Buffers included), no core files, few descriptors, bounded file sizes.
// The process starts in a process group of its own with an empty environment; at the time limit the whole group
// is killed. Its stdout and stderr go nowhere: the caller hears only what it writes to file descriptor 3.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

export type Containment = 'bubblewrap' | 'namespaces' | 'permissions';

/** What a contained run may use (docs/releases.md "Containment of uploaded code"). */
export type SandboxLimits = {
  timeoutMs: number;
  /** The address space of the whole process: V8's heap, Buffers, code, stacks. */
  memoryBytes: number;
  /** The V8 heap limit within it, so a plain leak ends with V8's own message. */
  heapMb: number;
  /** The scratch folder's size (a tmpfs under bubblewrap; each file's size elsewhere). */
  scratchBytes: number;
};

export const SANDBOX_LIMITS: SandboxLimits = Object.freeze({
  timeoutMs: 60_000,
  memoryBytes: 1024 * 1024 * 1024,
  heapMb: 256,
  scratchBytes: 16 * 1024 * 1024,
});

/** At most this much of what the process writes to descriptor 3 is read. */
const REPORT_BYTES = 4096;

function findTool(name: string): string | null {
  for (const dir of ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin']) {
    const file = path.join(dir, name);
    if (existsSync(file)) return file;
  }
  return null;
}

const NODE = process.execPath;

/** The arguments that put a command in bubblewrap's namespaces with the given read-only binds. */
function bubblewrapArgs(binds: { from: string; to: string }[], scratchBytes: number) {
  const nodeDir = path.dirname(NODE);
  const args = [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    '--uid',
    '65534',
    '--gid',
    '65534',
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--symlink',
    'usr/bin',
    '/bin',
    '--dev',
    '/dev',
    '--size',
    String(scratchBytes),
    '--tmpfs',
    '/tmp',
  ];
  // Node installed outside /usr (nvm, a tarball): its own folder, read-only.
  if (!nodeDir.startsWith('/usr/')) args.push('--ro-bind', nodeDir, nodeDir);
  for (const bind of binds) args.push('--ro-bind', bind.from, bind.to);
  return args;
}

const UNSHARE_ARGS = ['--user', '--map-root-user', '--net', '--pid', '--fork', '--kill-child', '--'];

let detected: Promise<Containment> | undefined;

/**
 * The strongest containment this machine offers, tried once: bubblewrap, else unshare's namespaces, else Node's
 * permission model alone. SANDBOX=permissions (or namespaces) asks for a weaker one, for a machine where the
 * stronger one misbehaves; never a stronger one than works.
 */
export function containment(): Promise<Containment> {
  detected ??= (async () => {
    const wanted = process.env.SANDBOX;
    const order: Containment[] = ['bubblewrap', 'namespaces', 'permissions'];
    const start = wanted && order.includes(wanted as Containment) ? order.indexOf(wanted as Containment) : 0;
    const bwrap = findTool('bwrap');
    if (start === 0 && bwrap) {
      const tried = spawnSync(bwrap, [...bubblewrapArgs([], 1024 * 1024), NODE, '-e', '0'], {
        env: {},
        stdio: 'ignore',
        timeout: 10_000,
      });
      if (tried.status === 0) return 'bubblewrap';
    }
    const unshare = findTool('unshare');
    if (start <= 1 && unshare) {
      const tried = spawnSync(unshare, [...UNSHARE_ARGS, NODE, '-e', '0'], {
        env: {},
        stdio: 'ignore',
        timeout: 10_000,
      });
      if (tried.status === 0) return 'namespaces';
    }
    return 'permissions';
  })();
  return detected;
}

export type ContainedResult = {
  /** The exit code, or null when a signal ended it. */
  code: number | null;
  timedOut: boolean;
  /** What it wrote to descriptor 3, at most REPORT_BYTES. */
  report: string;
  containment: Containment;
};

/**
 * Runs `node <script> <args>` contained. `readable` folders are what it may read (besides Node itself), bound
 * read-only at the same paths; `scratch` is the only folder it may write (a tmpfs under bubblewrap, seen at the
 * same path). Paths must be absolute; the script must be inside a readable folder.
 */
export async function runContained({
  script,
  args,
  readable,
  scratch,
  limits = SANDBOX_LIMITS,
}: {
  script: string;
  args: string[];
  readable: string[];
  scratch: string;
  limits?: SandboxLimits;
}): Promise<ContainedResult> {
  const kind = await containment();
  await fs.mkdir(scratch, { recursive: true });
  const node = [
    NODE,
    '--no-warnings',
    '--experimental-permission',
    ...readable.map((dir) => `--allow-fs-read=${dir}${dir.endsWith('/') ? '' : '/'}`),
    `--allow-fs-write=${scratch}/`,
    `--max-old-space-size=${limits.heapMb}`,
    script,
    ...args,
  ];
  const prlimit = findTool('prlimit');
  const rlimits = prlimit
    ? [
        prlimit,
        `--as=${limits.memoryBytes}`,
        '--core=0',
        '--nofile=256',
        `--fsize=${limits.scratchBytes}`,
        '--',
      ]
    : [];
  let command: string[];
  if (kind === 'bubblewrap') {
    const binds = readable.map((dir) => ({ from: dir, to: dir }));
    command = [
      ...rlimits,
      findTool('bwrap') as string,
      ...bubblewrapArgs(binds, limits.scratchBytes),
      // The scratch folder: bound over by the tmpfs at its own path, so writes never reach the disk.
      '--size',
      String(limits.scratchBytes),
      '--tmpfs',
      scratch,
      ...node,
    ];
  } else if (kind === 'namespaces') {
    command = [...rlimits, findTool('unshare') as string, ...UNSHARE_ARGS, ...node];
  } else {
    command = [...rlimits, ...node];
  }
  const [file, ...rest] = command as [string, ...string[]];
  const child = spawn(file, rest, {
    cwd: '/',
    env: {},
    detached: true,
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  let report = '';
  const reportStream = child.stdio[3] as Readable | null;
  reportStream?.on('data', (chunk: Buffer) => {
    if (report.length < REPORT_BYTES) report = (report + chunk.toString('utf8')).slice(0, REPORT_BYTES);
  });
  reportStream?.on('error', () => undefined);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup();
  }, limits.timeoutMs);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (exitCode) => resolve(exitCode));
  }).finally(() => clearTimeout(timer));
  // Whatever the process left behind in its group (only possible without namespaces) ends with it.
  killGroup();
  reportStream?.destroy();
  return { code, timedOut, report, containment: kind };
}
