import type { RegistryEntry } from '@metrology/shared/contracts';
import { registryForVisitor, rolloutBucket, versionForVisitor } from '@metrology/shared/release';
import { signToken, verifyToken } from '@metrology/server-kit/signed-token';
import {
  DEFAULT_VITALS_SAMPLE_RATE,
  cookieValue,
  inSpeedSample,
  pageToken,
  vitalsSampleRateFromEnv,
} from '../render/visitor.js';

const release = (version: string) => ({ version, publishedAt: '2026-11-01T00:00:00Z', commit: 'abc' });
const entry = (extra: Partial<RegistryEntry> = {}): RegistryEntry => ({
  current: '1.0.0',
  history: [release('1.0.0'), release('1.1.0')],
  ...extra,
});
const rollout = (percent: number) => ({
  version: '1.1.0',
  percent,
  startedAt: '2026-11-25T00:00:00Z',
  stageStartedAt: '2026-11-25T00:00:00Z',
});

describe('which version a visitor is served', () => {
  it('gives a session the same bucket every time, and spreads sessions evenly', () => {
    expect(rolloutBucket('session-a', 'mfe-content')).toBe(rolloutBucket('session-a', 'mfe-content'));
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 5000; i += 1) counts[Math.floor(rolloutBucket(`s${i}`, 'mfe-content') / 10)] += 1;
    for (const count of counts) expect(Math.abs(count - 500)).toBeLessThan(120);
  });

  it('serves the rollout to the buckets under its share, the live version to the rest', () => {
    expect(versionForVisitor(entry({ rollout: rollout(20) }), { bucket: 19 })).toEqual({
      version: '1.1.0',
      via: 'rollout',
    });
    expect(versionForVisitor(entry({ rollout: rollout(20) }), { bucket: 20 })).toEqual({
      version: '1.0.0',
      via: 'live',
    });
    expect(versionForVisitor(entry(), { bucket: 0 })).toEqual({ version: '1.0.0', via: 'live' });
  });

  it('serves a preview of a published version, and ignores one of a version never published', () => {
    expect(versionForVisitor(entry(), { bucket: 99, preview: '1.1.0' }).via).toBe('preview');
    expect(versionForVisitor(entry(), { bucket: 99, preview: '9.9.9' })).toEqual({
      version: '1.0.0',
      via: 'live',
    });
  });

  it('gives the visitor a registry whose current is their version, with no rollout left to decide', () => {
    const registry = { remotes: { 'mfe-content': entry({ rollout: rollout(100) }) } };
    const seen = registryForVisitor(registry, { sessionId: 'x' });
    expect(seen.registry.remotes['mfe-content']?.current).toBe('1.1.0');
    expect(seen.registry.remotes['mfe-content']?.rollout).toBeUndefined();
    expect(seen.served['mfe-content']).toEqual({ version: '1.1.0', via: 'rollout' });
    // Of many visitors at 20 %, about a fifth get the rollout.
    let canaries = 0;
    const twenty = { remotes: { 'mfe-content': entry({ rollout: rollout(20) }) } };
    for (let i = 0; i < 2000; i += 1) {
      if (registryForVisitor(twenty, { sessionId: `v${i}` }).served['mfe-content']?.via === 'rollout')
        canaries += 1;
    }
    expect(canaries / 2000).toBeGreaterThan(0.16);
    expect(canaries / 2000).toBeLessThan(0.24);
  });
});

describe('the speed sample', () => {
  it('takes a share of sessions decided by the session, and every session that got a canary', () => {
    const sessions = Array.from({ length: 4000 }, (_, i) => `session-${i}`);
    const sampled = sessions.filter((id) => inSpeedSample(id, 0.1, false));
    expect(sampled.length / sessions.length).toBeGreaterThan(0.08);
    expect(sampled.length / sessions.length).toBeLessThan(0.12);
    // The same session is in (or out of) the sample on every page.
    expect(sessions.filter((id) => inSpeedSample(id, 0.1, false))).toEqual(sampled);
    expect(sessions.every((id) => inSpeedSample(id, 0, true))).toBe(true);
    expect(sessions.some((id) => inSpeedSample(id, 0, false))).toBe(false);
  });

  it('reads VITALS_SAMPLE_RATE (default 0.1) and refuses a rate outside 0 to 1', () => {
    expect(vitalsSampleRateFromEnv({})).toBe(DEFAULT_VITALS_SAMPLE_RATE);
    expect(vitalsSampleRateFromEnv({ VITALS_SAMPLE_RATE: '0.5' })).toBe(0.5);
    expect(() => vitalsSampleRateFromEnv({ VITALS_SAMPLE_RATE: '2' })).toThrow(/from 0 to 1/);
    expect(() => vitalsSampleRateFromEnv({ VITALS_SAMPLE_RATE: 'all' })).toThrow(/from 0 to 1/);
  });

  it('is signed into the page token', () => {
    const token = pageToken('key', 's', { 'mfe-content': '1.1.0' }, {}, 'net', true);
    expect(verifyToken('key', token)).toMatchObject({ session: 's', network: 'net', vitals: true });
    expect(verifyToken('key', pageToken('key', 's', {}, {}))).toMatchObject({ vitals: false });
  });
});

describe('signed tokens', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');
  it('carry their payload until they expire', () => {
    const token = signToken('key', { remote: 'mfe-content' }, 60, now);
    expect(verifyToken('key', token, now + 59_000)).toMatchObject({ remote: 'mfe-content' });
    expect(verifyToken('key', token, now + 61_000)).toBeNull();
  });

  it.each([
    ['another key', (t: string) => t, 'other'],
    [
      'a changed payload',
      (t: string) =>
        `${Buffer.from('{"remote":"x","exp":9999999999}').toString('base64url')}.${t.split('.')[1]}`,
      'key',
    ],
    ['a cut signature', (t: string) => t.slice(0, -2), 'key'],
    ['no signature', (t: string) => t.split('.')[0] ?? '', 'key'],
    ['garbage', () => 'not-a-token', 'key'],
  ])('are refused with %s', (_name, alter, key) => {
    expect(verifyToken(key, alter(signToken('key', { remote: 'mfe-content' }, 60, now)), now)).toBeNull();
  });
});

describe("a request's cookies", () => {
  it('finds one cookie in a Cookie header (the cart, the session, the preview)', () => {
    const A = 'a'.repeat(24);
    expect(cookieValue(`theme=dark; shop_cart=${A}:1; other=x`, 'shop_cart')).toBe(`${A}:1`);
    expect(cookieValue('theme=dark', 'shop_cart')).toBeNull();
    expect(cookieValue(undefined, 'shop_cart')).toBeNull();
  });
});
