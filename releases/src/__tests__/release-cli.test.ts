import { promises as fs } from 'node:fs';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { EXIT, HELP, parseReleaseArgs, runRelease, type ReleaseDeps } from '../cli.js';
import { readRegistry } from '../registry.js';
import {
  RELEASE_SCRIPT,
  REPO_ROOT,
  fakeBuild,
  fakeShellBuild,
  tempDir,
  type FakeNodeBuild,
} from './release-fixtures';

describe('parseReleaseArgs', () => {
  test.each([
    [[], { command: 'help' }],
    [['--help'], { command: 'help' }],
    [['publish', 'mfe-content', '-h'], { command: 'help' }],
    [['help'], { command: 'help' }],
    [['publish', 'mfe-content'], { command: 'publish', remote: 'mfe-content' }],
    [
      ['publish', 'mfe-content', '--version', '1.2.0'],
      { command: 'publish', remote: 'mfe-content', version: '1.2.0' },
    ],
    [
      ['publish', '--version=1.2.0-rc.1', 'mfe-careers'],
      { command: 'publish', remote: 'mfe-careers', version: '1.2.0-rc.1' },
    ],
    [
      ['publish', 'mfe-catalog', '--dist', '/tmp/build'],
      { command: 'publish', remote: 'mfe-catalog', dist: '/tmp/build' },
    ],
    [
      ['publish', 'mfe-catalog', '--client-only'],
      { command: 'publish', remote: 'mfe-catalog', clientOnly: true },
    ],
    [['rollback', 'mfe-commerce'], { command: 'rollback', remote: 'mfe-commerce' }],
    [
      ['rollback', 'mfe-commerce', '--to', '1.0.0'],
      { command: 'rollback', remote: 'mfe-commerce', to: '1.0.0' },
    ],
    [['status'], { command: 'status', json: false }],
    [['status', '--json'], { command: 'status', json: true }],
  ])('%j', (argv, expected) => {
    expect(parseReleaseArgs(argv)).toEqual(expected);
  });

  test.each([
    [
      ['deploy', 'mfe-content'],
      "Unknown command 'deploy' (publish, preview, rollout, complete, abort, rollback, status, log, token or repair)",
    ],
    [['publish'], "'publish' needs a remote (mfe-catalog, mfe-commerce, mfe-content, mfe-careers)"],
    [['rollback'], "'rollback' needs a remote"],
    [
      ['publish', 'content'],
      "Unknown remote 'content' (one of mfe-catalog, mfe-commerce, mfe-content, mfe-careers, shell)",
    ],
    [['publish', 'mfe-content', 'mfe-catalog'], "'publish' takes one remote (got mfe-content mfe-catalog)"],
    [['publish', 'mfe-content', '--version'], '--version needs a value'],
    [['publish', 'mfe-content', '--version', '--dist', 'x'], '--version needs a value'],
    [['publish', 'mfe-content', '--version', 'latest'], "--version 'latest' is not a version like 1.4.0"],
    [['publish', 'mfe-content', '--version', '1.0.0', '--version', '1.0.1'], '--version is given twice'],
    [
      ['publish', 'mfe-content', '--to', '1.0.0'],
      "--to needs the shop's URL (http://... or https://...), got '1.0.0'",
    ],
    [['rollback', 'mfe-content', '--version', '1.0.0'], "'rollback' has no option --version"],
    [['rollback', 'mfe-content', '--to', '1'], "--to '1' is not a version"],
    [['status', 'mfe-content'], "'status' takes no remote (got mfe-content)"],
    [['status', '--json=yes'], '--json takes no value'],
    [['status', '--verbose'], "'status' has no option --verbose"],
    [['publish', 'mfe-content', '--client-only=yes'], '--client-only takes no value'],
    [['rollback', 'mfe-content', '--client-only'], "'rollback' has no option --client-only"],
    [
      ['rollout', 'shell', '1.0.0', '--percent', '10'],
      "'rollout' is not for the shell. The shell is not rolled out in stages",
    ],
    [['publish', 'shell', '--staged'], "'publish --staged' is not for the shell"],
    [['publish', 'shell', '--client-only'], "'publish --client-only' is not for the shell"],
    [['preview', 'shell', '1.0.0'], "'preview' is not for the shell"],
  ])('refuses %j', (argv, message) => {
    expect(() => parseReleaseArgs(argv)).toThrow(message);
  });
});

describe('runRelease', () => {
  let root: string;
  let out: string[];
  let err: string[];
  let built: string[];
  let cleaned: string[];

  function deps(overrides: Partial<ReleaseDeps> = {}): ReleaseDeps {
    return {
      releasesDir: path.join(root, 'releases'),
      packageVersion: async () => '1.0.0',
      build: async (remote) => {
        built.push(remote);
        const distDir = await fakeBuild(root, remote, `build ${built.length}`);
        return { distDir, cleanup: async () => void cleaned.push(distDir) };
      },
      commit: () => 'f00d123',
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      ...overrides,
    };
  }

  beforeEach(async () => {
    root = await tempDir('release-cli-test');
    out = [];
    err = [];
    built = [];
    cleaned = [];
  });

  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  test('publish builds the remote, publishes the package version with the commit, and cleans up the build', async () => {
    expect(await runRelease(['publish', 'mfe-content'], deps())).toBe(EXIT.ok);
    expect(built).toEqual(['mfe-content']);
    expect(cleaned).toHaveLength(1);
    // What was built (both halves, with their sizes), the Node build loaded with every page, and the times.
    expect(out).toEqual([
      expect.stringMatching(
        /^Built mfe-content in \d+\.\d s: browser build 150 B in 2 files, Node build \d+ B in 1 file\.$/,
      ),
      expect.stringMatching(/^Node build loaded: 7 pages in \d+\.\d s\.$/),
      'Published mfe-content 1.0.0 (commit f00d123); it is live now.',
      expect.stringMatching(/^Done in \d+\.\d s\.$/),
    ]);
    const registry = await readRegistry(path.join(root, 'releases'));
    expect(registry.remotes['mfe-content']).toEqual({
      current: '1.0.0',
      history: [
        { version: '1.0.0', commit: 'f00d123', publishedAt: expect.any(String), liveAt: expect.any(String) },
      ],
    });

    out = [];
    expect(await runRelease(['publish', 'mfe-content', '--version', '1.1.0'], deps())).toBe(EXIT.ok);
    expect(out).toContain('Published mfe-content 1.1.0 (commit f00d123); it is live now (was 1.0.0).');
  });

  test('publish shell and rollback shell move the shell pointer, after its Node render loaded; status and log show it', async () => {
    const first = await fakeShellBuild(root, 'one');
    expect(await runRelease(['publish', 'shell', '--dist', first], deps())).toBe(EXIT.ok);
    expect(out).toContain('Published shell 1.0.0 (commit f00d123); it is live now.');
    expect(out).toContainEqual(expect.stringMatching(/^The shell's Node render loaded in \d+\.\d s\.$/));
    const second = await fakeShellBuild(root, 'two');
    expect(await runRelease(['publish', 'shell', '--dist', second, '--version', '1.1.0'], deps())).toBe(
      EXIT.ok,
    );
    expect(out).toContain('Published shell 1.1.0 (commit f00d123); it is live now (was 1.0.0).');
    const registry = await readRegistry(path.join(root, 'releases'));
    expect(registry.shell?.current).toBe('1.1.0');
    expect(registry.remotes).toEqual({});

    out = [];
    expect(await runRelease(['rollback', 'shell', '--why', 'header broken'], deps())).toBe(EXIT.ok);
    expect(out).toEqual(['shell 1.0.0 is live now (was 1.1.0).']);
    out = [];
    expect(await runRelease(['status'], deps())).toBe(EXIT.ok);
    expect(out.join('\n')).toMatch(/^shell +1\.0\.0 .+ live$/m);
    out = [];
    expect(await runRelease(['log', '--json'], deps())).toBe(EXIT.ok);
    expect(JSON.parse(out.join('\n'))[0]).toMatchObject({
      action: 'rollback',
      remote: 'shell',
      from: '1.1.0',
      to: '1.0.0',
      why: 'header broken',
    });

    // A shell render that does not load is refused before the pointer moves.
    const broken = await fakeShellBuild(root, 'broken');
    await fs.writeFile(path.join(broken, 'server', 'render.js'), "throw new Error('render broken');");
    err = [];
    expect(await runRelease(['publish', 'shell', '--dist', broken, '--version', '1.2.0'], deps())).toBe(
      EXIT.refused,
    );
    expect(err.join('\n')).toMatch(
      /The Node build of shell 1\.2\.0 does not load \(it throws when loaded: render broken\)/,
    );
    expect((await readRegistry(path.join(root, 'releases'))).shell?.current).toBe('1.0.0');
  });

  test("a good publish's version folder holds the browser build and its Node build", async () => {
    expect(await runRelease(['publish', 'mfe-content'], deps())).toBe(EXIT.ok);
    const version = path.join(root, 'releases/mfe-content/1.0.0');
    expect((await fs.readdir(version)).sort()).toEqual(['mf-manifest.json', 'remoteEntry.js', 'server']);
    expect(await fs.readFile(path.join(version, 'server/remoteEntry.js'), 'utf8')).toContain('node build 1');
  });

  /** Publishes 1.0.0 (a good build), then tries 1.1.0 from a build whose Node half is `node`. */
  async function publishOver(node: FakeNodeBuild, ...options: string[]) {
    expect(await runRelease(['publish', 'mfe-content'], deps())).toBe(EXIT.ok);
    const dist = await fakeBuild(root, 'mfe-content', 'next', node);
    out = [];
    err = [];
    return runRelease(['publish', 'mfe-content', '--dist', dist, '--version', '1.1.0', ...options], deps());
  }

  /** The pointer stays on 1.0.0, and nothing of 1.1.0 (not even a staging copy) is left in the releases. */
  async function expectNothingPublished() {
    const registry = await readRegistry(path.join(root, 'releases'));
    expect(registry.remotes['mfe-content']?.current).toBe('1.0.0');
    expect(registry.remotes['mfe-content']?.history.map((release) => release.version)).toEqual(['1.0.0']);
    expect(await fs.readdir(path.join(root, 'releases/mfe-content'))).toEqual(['1.0.0']);
  }

  test('a build without its Node build is refused, before anything is copied', async () => {
    expect(await publishOver('missing')).toBe(EXIT.refused);
    expect(out).toEqual([
      expect.stringMatching(/^Publishing .+: browser build \d+ B in 2 files, no Node build\.$/),
    ]);
    expect(err).toEqual([
      expect.stringMatching(
        /^release: .+ has no Node build \(server\/remoteEntry\.js\), so the site could not render mfe-content's pages on the server\. .*pass --client-only/,
      ),
    ]);
    await expectNothingPublished();
  });

  test.each([
    ['throws when it is loaded', 'throws' as const, 'it throws when loaded: this Node build is broken'],
    [
      'lacks a page',
      'no-page' as const,
      'page ./HomePage did not load: Module "./HomePage" does not exist in container.',
    ],
  ])(
    'a Node build that %s is refused; the pointer stays and no folder is left',
    async (_case, node, reason) => {
      expect(await publishOver(node)).toBe(EXIT.refused);
      expect(err).toEqual([
        `release: The Node build of mfe-content 1.1.0 does not load (${reason}); nothing was published.`,
      ]);
      await expectNothingPublished();
    },
  );

  test('--client-only publishes the browser build alone and records it in the registry and status', async () => {
    expect(await publishOver('missing', '--client-only')).toBe(EXIT.ok);
    expect(out).toContain(
      'Published mfe-content 1.1.0 (commit f00d123); it is live now (was 1.0.0). Client-only: the browser renders its pages, not the server.',
    );
    const registry = await readRegistry(path.join(root, 'releases'));
    expect(registry.remotes['mfe-content']?.history).toEqual([
      {
        version: '1.0.0',
        publishedAt: expect.any(String),
        commit: 'f00d123',
        liveAt: expect.any(String),
        liveUntil: expect.any(String),
      },
      {
        version: '1.1.0',
        publishedAt: expect.any(String),
        commit: 'f00d123',
        clientOnly: true,
        liveAt: expect.any(String),
      },
    ]);
    out = [];
    expect(await runRelease(['status', '--json'], deps())).toBe(EXIT.ok);
    expect(JSON.parse(out.join('\n'))['mfe-content'].history[1]).toMatchObject({ clientOnly: true });
    out = [];
    expect(await runRelease(['status'], deps())).toBe(EXIT.ok);
    expect(out[0]).toMatch(/1\.1\.0 .* live, client-only$/m);

    // A build that has a Node build, published --client-only, goes without it: the registry says what is served.
    const both = await fakeBuild(root, 'mfe-content', 'both');
    out = [];
    expect(
      await runRelease(
        ['publish', 'mfe-content', '--dist', both, '--version', '1.2.0', '--client-only'],
        deps(),
      ),
    ).toBe(EXIT.ok);
    expect(out[0]).toMatch(/Node build \d+ B in 1 file \(left out: --client-only\)\.$/);
    expect((await fs.readdir(path.join(root, 'releases/mfe-content/1.2.0'))).sort()).toEqual([
      'mf-manifest.json',
      'remoteEntry.js',
    ]);
  });

  test('a version already published is refused before anything is built', async () => {
    await runRelease(['publish', 'mfe-content'], deps());
    built = [];
    expect(await runRelease(['publish', 'mfe-content'], deps())).toBe(EXIT.refused);
    expect(built).toEqual([]);
    expect(err).toEqual([
      'release: mfe-content 1.0.0 is already published; versions are immutable, choose another --version',
    ]);
  });

  test('a failed build is reported and publishes nothing', async () => {
    const failing = deps({
      build: async () => {
        throw new Error('The production build of mfe-content failed (exit code 1)');
      },
    });
    expect(await runRelease(['publish', 'mfe-content'], failing)).toBe(EXIT.refused);
    expect(err).toEqual(['release: The production build of mfe-content failed (exit code 1)']);
    expect(await readRegistry(path.join(root, 'releases'))).toEqual({ remotes: {} });
  });

  test('a package version that is not semver asks for --version', async () => {
    const odd = deps({ packageVersion: async () => 'next' });
    expect(await runRelease(['publish', 'mfe-content'], odd)).toBe(EXIT.refused);
    expect(err[0]).toBe(
      "release: mfe-content/package.json has version 'next', which is not like 1.4.0; pass --version",
    );
  });

  test('--dist publishes an existing build without building', async () => {
    const dist = await fakeBuild(root, 'mfe-careers', 'from CI');
    expect(await runRelease(['publish', 'mfe-careers', '--dist', dist, '--version', '2.0.0'], deps())).toBe(
      EXIT.ok,
    );
    expect(built).toEqual([]);
    expect(await fs.readFile(path.join(root, 'releases/mfe-careers/2.0.0/remoteEntry.js'), 'utf8')).toContain(
      'from CI',
    );
    // The caller's folder is theirs: it is not removed.
    expect(await fs.stat(dist).then(() => true)).toBe(true);
    // A relative --dist starts where the command was run.
    const relative = deps({ cwd: path.dirname(dist) });
    expect(
      await runRelease(
        ['publish', 'mfe-careers', '--dist', path.basename(dist), '--version', '2.0.1'],
        relative,
      ),
    ).toBe(EXIT.ok);
  });

  test('rollback prints what is live now; with nothing to roll back to it is refused', async () => {
    await runRelease(['publish', 'mfe-content'], deps());
    await runRelease(['publish', 'mfe-content', '--version', '1.1.0'], deps());
    out = [];
    expect(await runRelease(['rollback', 'mfe-content'], deps())).toBe(EXIT.ok);
    expect(out).toEqual(['mfe-content 1.0.0 is live now (was 1.1.0).']);
    expect(await runRelease(['rollback', 'mfe-content'], deps())).toBe(EXIT.refused);
    expect(err[0]).toMatch(/^release: mfe-content 1.0.0 has no earlier good version to roll back to/);
    expect(await runRelease(['rollback', 'mfe-content', '--to', '1.0.0'], deps())).toBe(EXIT.ok);
    expect(out.at(-1)).toBe('mfe-content 1.0.0 is already live; nothing changed.');
    expect(await runRelease(['rollback', 'mfe-content', '--to', '1.1.0'], deps())).toBe(EXIT.ok);
    expect(out.at(-1)).toBe('mfe-content 1.1.0 is live now (was 1.0.0).');
  });

  test('status prints a row per release with its time, commit and state', async () => {
    const clock = ['2025-03-01T10:00:00.000Z', '2025-03-02T11:30:00.000Z'];
    await runRelease(['publish', 'mfe-content'], deps());
    await runRelease(['publish', 'mfe-content', '--version', '1.1.0'], deps({ commit: () => 'beef456' }));
    await runRelease(['rollback', 'mfe-content'], deps());
    // Pin the times so the table is predictable.
    const registryPath = path.join(root, 'releases/registry.json');
    const registry = JSON.parse(await fs.readFile(registryPath, 'utf8'));
    registry.remotes['mfe-content'].history.forEach((r: { publishedAt: string }, i: number) => {
      r.publishedAt = clock[i] as string;
    });
    registry.remotes['mfe-content'].history[1].rolledBackAt = '2025-03-02T12:00:00.000Z';
    await fs.writeFile(registryPath, JSON.stringify(registry));
    out = [];
    expect(await runRelease(['status'], deps())).toBe(EXIT.ok);
    expect(out[0]?.split('\n')).toEqual([
      'REMOTE        VERSION  PUBLISHED                COMMIT   STATE',
      'mfe-catalog   -        -                        -        never published',
      'mfe-commerce  -        -                        -        never published',
      'mfe-content   1.0.0    2025-03-01 10:00:00 UTC  f00d123  live',
      '              1.1.0    2025-03-02 11:30:00 UTC  beef456  rolled back 2025-03-02 12:00:00 UTC',
      'mfe-careers   -        -                        -        never published',
    ]);
  });

  test('status --json prints the object keyed by remote', async () => {
    await runRelease(['publish', 'mfe-content'], deps());
    out = [];
    expect(await runRelease(['status', '--json'], deps())).toBe(EXIT.ok);
    const status = JSON.parse(out.join('\n'));
    expect(status['mfe-content']).toEqual({
      current: '1.0.0',
      history: [{ version: '1.0.0', publishedAt: expect.any(String), commit: 'f00d123' }],
    });
    expect(status['mfe-catalog']).toEqual({ current: null, history: [] });
  });

  test('wrong usage exits 2 with a pointer to --help; --help prints the usage', async () => {
    expect(await runRelease(['publish'], deps())).toBe(EXIT.usage);
    expect(err).toEqual([
      "release: 'publish' needs a remote (mfe-catalog, mfe-commerce, mfe-content, mfe-careers)",
      "Run 'npm run release -- --help' for usage.",
    ]);
    expect(await runRelease(['--help'], deps())).toBe(EXIT.ok);
    expect(out).toEqual([HELP]);
  });

  test("--help names RELEASES_DIR's default as the release script has it", async () => {
    const { DEFAULT_RELEASES_DIR } = await import('../../../tools/src/paths.mjs');
    const given = /RELEASES_DIR {2}where versions and registry.json live \(default \.\/([^)]+)\)/.exec(HELP);
    expect(given?.[1]).toBe(path.relative(REPO_ROOT, DEFAULT_RELEASES_DIR));
  });
});

describe('the release script', () => {
  let root: string;
  beforeEach(async () => {
    root = await tempDir('release-script-test');
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  function release(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [RELEASE_SCRIPT, ...args],
        { cwd: REPO_ROOT, env: { ...process.env, RELEASES_DIR: path.join(root, 'releases') } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });
  }

  test('exit codes: 0 done, 1 refused, 2 wrong usage; RELEASES_DIR is honoured', async () => {
    const dist = await fakeBuild(root, 'mfe-content');
    expect(await release(['publish', 'mfe-content', '--dist', dist, '--version', '1.0.0'])).toMatchObject({
      code: 0,
      stderr: '',
    });
    await expect(
      fs.stat(path.join(root, 'releases/mfe-content/1.0.0/server/remoteEntry.js')),
    ).resolves.toBeTruthy();
    const broken = await fakeBuild(root, 'mfe-content', 'broken', 'throws');
    expect(await release(['publish', 'mfe-content', '--dist', broken, '--version', '1.1.0'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('The Node build of mfe-content 1.1.0 does not load'),
    });
    expect(await release(['publish', 'mfe-content', '--dist', dist, '--version', '1.0.0'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('mfe-content 1.0.0 is already published'),
    });
    expect(await release(['rollback'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('needs a remote'),
    });
    const help = await release(['--help']);
    expect(help).toMatchObject({ code: 0, stdout: expect.stringContaining('Usage: npm run release') });
    const status = await release(['status', '--json']);
    expect(JSON.parse(status.stdout)['mfe-content'].current).toBe('1.0.0');
  }, 30_000);

  test('two publishes at once from two processes both land', async () => {
    const [a, b] = await Promise.all([
      fakeBuild(root, 'mfe-content', 'a'),
      fakeBuild(root, 'mfe-catalog', 'b'),
    ]);
    const [first, second, third] = await Promise.all([
      release(['publish', 'mfe-content', '--dist', a, '--version', '2.0.0']),
      release(['publish', 'mfe-catalog', '--dist', b, '--version', '3.0.0']),
      release(['publish', 'mfe-content', '--dist', a, '--version', '2.1.0']),
    ]);
    expect([first.code, second.code, third.code]).toEqual([0, 0, 0]);
    const registry = await readRegistry(path.join(root, 'releases'));
    expect(registry.remotes['mfe-catalog']?.current).toBe('3.0.0');
    expect(registry.remotes['mfe-content']?.history.map((r) => r.version).sort()).toEqual(['2.0.0', '2.1.0']);
  }, 30_000);
});
