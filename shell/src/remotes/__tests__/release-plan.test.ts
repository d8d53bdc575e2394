import { fallbackOrder, type Release } from '../registry';
import { MAX_TRIES, ReleasePlan, backoffMs } from '../release-plan';

/** A version that was live for everyone (then rolled back, if rolledBack). */
const release = (version: string, rolledBack = false): Release => ({
  version,
  publishedAt: '2025-01-01T00:00:00.000Z',
  commit: 'abc1234',
  liveAt: '2025-01-01T00:00:00.000Z',
  ...(rolledBack ? { rolledBackAt: '2025-01-02T00:00:00.000Z' } : {}),
});
/** A version published --staged: never live for everyone (a canary, aborted or cut short, if said so). */
const staged = (
  version: string,
  ended: 'aborted' | 'cut short' | 'completed' | 'never rolled out',
): Release => ({
  version,
  publishedAt: '2025-01-01T00:00:00.000Z',
  commit: 'abc1234',
  staged: true,
  ...(ended === 'aborted' ? { rolledBackAt: '2025-01-02T00:00:00.000Z' } : {}),
  ...(ended === 'cut short' ? { cutShortAt: '2025-01-02T00:00:00.000Z' } : {}),
  ...(ended === 'completed' ? { liveAt: '2025-01-02T00:00:00.000Z' } : {}),
});
/** A version recorded before the registry kept liveAt and staged. */
const unjudged = (version: string): Release => ({
  version,
  publishedAt: '2025-01-01T00:00:00.000Z',
  commit: 'abc1234',
});

describe('fallbackOrder', () => {
  test.each([
    ['only the live one', { current: '1.0.0', history: [release('1.0.0')] }, ['1.0.0']],
    [
      'live first, then earlier ones newest first',
      { current: '3', history: [release('1'), release('2'), release('3')] },
      ['3', '2', '1'],
    ],
    [
      'skips rolled-back versions',
      { current: '3', history: [release('1'), release('2', true), release('3')] },
      ['3', '1'],
    ],
    [
      'never a version newer than the live one',
      { current: '2', history: [release('1'), release('2'), release('3', true)] },
      ['2', '1'],
    ],
    ['a live version missing from history has no fallback', { current: '9', history: [release('1')] }, ['9']],
    [
      'never a staged version, nor a canary aborted or cut short by a publish',
      {
        current: '5',
        history: [
          release('1'),
          staged('2', 'never rolled out'),
          staged('3', 'aborted'),
          staged('4', 'cut short'),
          release('5'),
        ],
      },
      ['5', '1'],
    ],
    [
      'a canary whose rollout completed is a version that was live',
      { current: '3', history: [release('1'), staged('2', 'completed'), release('3')] },
      ['3', '2', '1'],
    ],
    [
      'a version recorded before liveAt is not known to have been live',
      { current: '3', history: [unjudged('1'), release('2'), release('3')] },
      ['3', '2'],
    ],
  ])('%s', (_case, entry, expected) => {
    expect(fallbackOrder(entry)).toEqual(expected);
  });
});

describe('ReleasePlan', () => {
  const plan = () =>
    new ReleasePlan('mfe-content', [
      { version: '3', entry: '/remotes/mfe-content/3/mf-manifest.json' },
      { version: '2', entry: '/remotes/mfe-content/2/mf-manifest.json' },
      { version: '1', entry: '/remotes/mfe-content/1/mf-manifest.json' },
    ]);

  test('starts at the live version and walks down the fallback order, each failed version given up once', () => {
    const p = plan();
    expect(p.active?.version).toBe('3');
    expect(p.giveUp()?.version).toBe('2');
    expect(p.hasFailed('3')).toBe(true);
    expect(p.giveUp()?.version).toBe('1');
    expect(p.giveUp()).toBeUndefined();
    expect(p.active).toBeUndefined();
    expect(p.live?.version).toBe('3');
  });

  test('counts tries per version; a fallback starts its own count', () => {
    const p = plan();
    expect(p.noteFailedTry()).toBe(1);
    expect(p.noteFailedTry()).toBe(2);
    p.giveUp();
    expect(p.noteFailedTry()).toBe(1);
  });

  test.each([
    [1, 'entry', true],
    [MAX_TRIES - 1, 'render', true],
    [MAX_TRIES, 'entry', false],
    [1, 'incompatible-shared', false],
  ] as const)('after %i tries a %s failure may retry: %s', (tries, kind, expected) => {
    expect(plan().mayRetry(tries, kind)).toBe(expected);
  });

  test('restart forgets failures and starts from the live version', () => {
    const p = plan();
    p.giveUp();
    p.giveUp();
    p.noteFailedTry();
    expect(p.restart()?.version).toBe('3');
    expect(p.hasFailed('3')).toBe(false);
    expect(p.noteFailedTry()).toBe(1);
  });

  test('the backoff grows: 250 ms, then 750 ms', () => {
    expect([backoffMs(1), backoffMs(2)]).toEqual([250, 750]);
  });
});
