import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import type { LoadFailureReport } from '../load-failure-report';
import {
  ReleaseGuard,
  providedVersion,
  releaseGuardPlugin,
  remoteOfRequest,
  type GuardDeps,
} from '../release-guard';
import { ReleasePlan } from '../release-plan';
import { IncompatibleReleaseError } from '../shared-compatibility';

const entry = (remote: string, version: string) =>
  `http://shop.test/remotes/${remote}/${version}/mf-manifest.json`;

function contentPlan(versions = ['3.0.0', '2.0.0', '1.0.0']) {
  return new ReleasePlan(
    'mfe-content',
    versions.map((version) => ({ version, entry: entry('mfe-content', version) })),
  );
}

function setup(plans: ReleasePlan[] = [contentPlan()]) {
  const registrations: { remotes: { name: string; entry: string }[]; force: boolean }[] = [];
  const reports: LoadFailureReport[] = [];
  const waits: number[] = [];
  const warnings: string[] = [];
  const deps: GuardDeps = {
    registerRemotes: (remotes, options) => registrations.push({ remotes, force: Boolean(options?.force) }),
    report: (report) => reports.push(report),
    sleep: async (ms) => void waits.push(ms),
    pageUrl: () => 'http://shop.test/about',
    warn: (message) => warnings.push(message),
  };
  const guard = new ReleaseGuard(deps);
  guard.start(plans);
  return { guard, registrations, reports, waits, warnings };
}

describe('ReleaseGuard', () => {
  test('registers every remote at its live version', () => {
    const careers = new ReleasePlan('mfe-careers', [
      { version: '4.1.0', entry: entry('mfe-careers', '4.1.0') },
    ]);
    const { registrations, guard } = setup([contentPlan(), careers]);
    expect(registrations).toEqual([
      {
        remotes: [
          { name: 'mfe_content', entry: entry('mfe-content', '3.0.0') },
          { name: 'mfe_careers', entry: entry('mfe-careers', '4.1.0') },
        ],
        force: false,
      },
    ]);
    expect(guard.activeVersion('mfe-content')).toBe('3.0.0');
    expect(guard.activeVersion('mfe-catalog')).toBeUndefined();
  });

  test('a failing entry is retried with a growing backoff, then the last good version is used and reported', async () => {
    const { guard, registrations, reports, waits, warnings } = setup();
    registrations.length = 0;
    const error = new Error('Failed to load remoteEntry.js');
    expect(await guard.recover('mfe-content', '3.0.0', 'entry', error)).toBe(true);
    expect(await guard.recover('mfe-content', '3.0.0', 'entry', error)).toBe(true);
    expect(waits).toEqual([250, 750]);
    expect(warnings[0]).toBe(
      '[releases] mfe-content 3.0.0 failed (entry, try 1 of 3): Failed to load remoteEntry.js; retrying in 250 ms',
    );
    // Each retry loads the same version's files again.
    expect(registrations.map((r) => [r.remotes[0]?.entry, r.force])).toEqual([
      [entry('mfe-content', '3.0.0'), true],
      [entry('mfe-content', '3.0.0'), true],
    ]);
    expect(reports).toEqual([]);

    expect(await guard.recover('mfe-content', '3.0.0', 'entry', error)).toBe(true);
    expect(guard.activeVersion('mfe-content')).toBe('2.0.0');
    expect(registrations.at(-1)).toEqual({
      remotes: [{ name: 'mfe_content', entry: entry('mfe-content', '2.0.0') }],
      force: true,
    });
    expect(reports).toEqual([
      {
        remote: 'mfe-content',
        version: '3.0.0',
        kind: 'entry',
        message: 'Failed to load remoteEntry.js',
        url: 'http://shop.test/about',
        fallbackVersion: '2.0.0',
      },
    ]);
  });

  test('when every version fails the last report has no fallback and recovery stops', async () => {
    const { guard, reports } = setup([contentPlan(['2.0.0', '1.0.0'])]);
    for (let i = 0; i < 3; i += 1) await guard.recover('mfe-content', '2.0.0', 'entry', new Error('503'));
    for (let i = 0; i < 2; i += 1)
      expect(await guard.recover('mfe-content', '1.0.0', 'entry', new Error('503'))).toBe(true);
    expect(await guard.recover('mfe-content', '1.0.0', 'entry', new Error('503'))).toBe(false);
    expect(reports.map((r) => [r.version, r.fallbackVersion])).toEqual([
      ['2.0.0', '1.0.0'],
      ['1.0.0', undefined],
    ]);
    expect(guard.activeVersion('mfe-content')).toBeUndefined();
  });

  test('a page that throws is rendered again without reloading files, then falls back', async () => {
    const { guard, registrations, reports } = setup();
    registrations.length = 0;
    const error = new Error('Cannot read properties of undefined');
    await guard.recover('mfe-content', '3.0.0', 'render', error);
    await guard.recover('mfe-content', '3.0.0', 'render', error);
    expect(registrations).toEqual([]);
    await guard.recover('mfe-content', '3.0.0', 'render', error);
    expect(reports[0]).toMatchObject({ kind: 'render', version: '3.0.0', fallbackVersion: '2.0.0' });
    expect(registrations).toHaveLength(1);
  });

  test('an incompatible release is not retried: it falls back at once', async () => {
    const { guard, waits, reports } = setup();
    const refusal = new IncompatibleReleaseError('mfe-content', '3.0.0', [
      { name: '@metrology/shared', requiredVersion: '^2.0.0', providedVersion: '1.0.0' },
    ]);
    const clear = refusal.message;
    // Errors thrown from a plugin hook come back from the runtime with its prefix on the same object.
    refusal.message = `[ Federation Runtime ]: ${clear}`;
    expect(await guard.recover('mfe-content', '3.0.0', guard.classify('mfe-content', refusal), refusal)).toBe(
      true,
    );
    expect(waits).toEqual([]);
    expect(reports[0]).toMatchObject({
      kind: 'incompatible-shared',
      message: clear,
      fallbackVersion: '2.0.0',
    });
  });

  test('the runtime strictVersion error is classified as incompatible and named clearly', async () => {
    const { guard, reports } = setup();
    const runtime = new Error(
      '[ Federation Runtime ]: Version 1.0.0 from shell of shared singleton module @metrology/shared does not satisfy the requirement of mfe_content which needs ^2.0.0)',
    );
    await guard.recover('mfe-content', '3.0.0', guard.classify('mfe-content', runtime), runtime);
    expect(reports[0]?.kind).toBe('incompatible-shared');
    expect(reports[0]?.message).toMatch(/^mfe-content 3.0.0 is refused: .*does not satisfy the requirement/);
  });

  test('the failed loading step noted by the plugin decides the kind, once', () => {
    const { guard } = setup();
    guard.noteFailedStep('mfe-content', 'module');
    expect(guard.classify('mfe-content', new Error('Loading chunk 1 failed'))).toBe('module');
    expect(guard.classify('mfe-content', new Error('again'))).toBe('entry');
  });

  test('a failure of a version already given up on does not count against the one now active', async () => {
    const { guard, reports } = setup();
    for (let i = 0; i < 3; i += 1) await guard.recover('mfe-content', '3.0.0', 'entry', new Error('x'));
    expect(await guard.recover('mfe-content', '3.0.0', 'entry', new Error('late'))).toBe(true);
    expect(guard.activeVersion('mfe-content')).toBe('2.0.0');
    expect(reports).toHaveLength(1);
  });

  test('Retry starts again from the live version, registered afresh', async () => {
    const { guard, registrations } = setup([contentPlan(['2.0.0'])]);
    for (let i = 0; i < 3; i += 1) await guard.recover('mfe-content', '2.0.0', 'entry', new Error('x'));
    expect(guard.activeVersion('mfe-content')).toBeUndefined();
    guard.restart('mfe-content');
    expect(guard.activeVersion('mfe-content')).toBe('2.0.0');
    expect(registrations.at(-1)).toEqual({
      remotes: [{ name: 'mfe_content', entry: entry('mfe-content', '2.0.0') }],
      force: true,
    });
  });

  test('switching versions empties the remote chunk list so the new container cannot adopt old chunks', async () => {
    const { guard } = setup();
    const global = globalThis as Record<string, unknown>;
    global.webpackChunkmfe_content = [[['old'], {}]];
    for (let i = 0; i < 3; i += 1) await guard.recover('mfe-content', '3.0.0', 'render', new Error('x'));
    expect(global.webpackChunkmfe_content).toBeUndefined();
  });
});

describe('the federation runtime plugin', () => {
  function host(shared: Record<string, Record<string, { loaded?: boolean; from: string }>>) {
    return { options: { name: 'shell' }, shareScopeMap: { default: shared } } as unknown as ModuleFederation;
  }

  test('maps load requests to remotes', () => {
    expect(remoteOfRequest('mfe_content/AboutPage')).toBe('mfe-content');
    expect(remoteOfRequest('somebody_else/Page')).toBeUndefined();
  });

  test('the version the page runs is the loaded one, else the shell own one', () => {
    expect(
      providedVersion(
        host({ react: { '18.0.0': { from: 'mfe_x' }, '19.3.1': { loaded: true, from: 'shell' } } }),
        'react',
      ),
    ).toBe('19.3.1');
    expect(
      providedVersion(host({ react: { '20.0.0': { from: 'mfe_x' }, '19.3.1': { from: 'shell' } } }), 'react'),
    ).toBe('19.3.1');
    expect(providedVersion(host({}), 'react')).toBeUndefined();
  });

  test('refuses a manifest built for another major of a loaded singleton, before any of its code loads', async () => {
    const { guard } = setup();
    const plugin = releaseGuardPlugin(guard);
    const origin = host({ '@metrology/shared': { '1.0.0': { loaded: true, from: 'shell' } } });
    const manifestJson = {
      shared: [{ name: '@metrology/shared', singleton: true, requiredVersion: '^2.0.0', version: '2.0.0' }],
    };
    const call = () =>
      plugin.afterLoadManifest?.({
        manifestUrl: entry('mfe-content', '3.0.0'),
        moduleInfo: { name: 'mfe_content', entry: entry('mfe-content', '3.0.0') },
        manifestJson,
        origin,
      } as unknown as Parameters<NonNullable<typeof plugin.afterLoadManifest>>[0]);
    expect(call).toThrow(
      'mfe-content 3.0.0 is refused: it was built for @metrology/shared ^2.0.0, but this shop runs @metrology/shared 1.0.0',
    );
    manifestJson.shared[0]!.requiredVersion = '^1.0.0';
    expect(call).not.toThrow();
  });

  test('errorLoadRemote loads again through the guard, and gives up when nothing is left', async () => {
    const { guard } = setup([contentPlan(['2.0.0', '1.0.0'])]);
    const plugin = releaseGuardPlugin(guard);
    const loads: string[] = [];
    const origin = {
      loadRemote: async (id: string) => {
        loads.push(`${id}@${guard.activeVersion('mfe-content')}`);
        return { default: () => null };
      },
    } as unknown as ModuleFederation;
    const args = (error: unknown) =>
      ({ id: 'mfe_content/AboutPage', error, lifecycle: 'onLoad', from: 'runtime', origin }) as Parameters<
        NonNullable<typeof plugin.errorLoadRemote>
      >[0];

    // Other lifecycles are left to end in 'onLoad'.
    expect(
      await plugin.errorLoadRemote?.({ ...args(new Error('x')), lifecycle: 'afterResolve' }),
    ).toBeUndefined();

    const module = await plugin.errorLoadRemote?.(args(new Error('503')));
    expect(module).toEqual({ default: expect.any(Function) });
    expect(loads).toEqual(['mfe_content/AboutPage@2.0.0']);

    for (let i = 0; i < 2; i += 1) await plugin.errorLoadRemote?.(args(new Error('503')));
    expect(loads.at(-1)).toBe('mfe_content/AboutPage@1.0.0');
    for (let i = 0; i < 2; i += 1) await plugin.errorLoadRemote?.(args(new Error('503')));
    expect(await plugin.errorLoadRemote?.(args(new Error('503')))).toBeUndefined();
  });
});
