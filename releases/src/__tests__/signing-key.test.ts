import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ensureSigningKey, findSigningKey, signingKeyFile } from '../signing-key.js';
import { tempDir } from './release-fixtures';

describe('the release signing key', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = path.join(await tempDir('signing-key'), 'data');
  });
  afterEach(async () => {
    await fs.rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  test('is made once in DATA_DIR/release-signing.key, readable by its owner only, and kept', async () => {
    expect(await findSigningKey(dataDir, {})).toBeUndefined();
    const key = await ensureSigningKey(dataDir, {});
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await fs.stat(signingKeyFile(dataDir))).mode & 0o777).toBe(0o600);
    expect(await ensureSigningKey(dataDir, {})).toBe(key);
    expect(await findSigningKey(dataDir, {})).toBe(key);
  });

  test('two starts at once agree on one key', async () => {
    const keys = await Promise.all([1, 2, 3, 4].map(() => ensureSigningKey(dataDir, {})));
    expect(new Set(keys).size).toBe(1);
  });

  test('RELEASE_SIGNING_KEY wins, and no file is made for it', async () => {
    expect(await ensureSigningKey(dataDir, { RELEASE_SIGNING_KEY: 'from-env' })).toBe('from-env');
    expect(await findSigningKey(dataDir, { RELEASE_SIGNING_KEY: 'from-env' })).toBe('from-env');
    await expect(fs.stat(signingKeyFile(dataDir))).rejects.toThrow('ENOENT');
  });
});
