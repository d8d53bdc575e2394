// The release signing key (RELEASE_SIGNING_KEY): it signs preview links and the page tokens the site puts in its
// pages, and checks them in the site server, the API and the release CLI. When nobody sets it, `npm start` and
// `npm run cluster` make one once in DATA_DIR/release-signing.key (readable by its owner only) and hand it to
// their processes, so links and tokens stay valid across restarts.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export function signingKeyFile(dataDir: string) {
  return path.join(dataDir, 'release-signing.key');
}

/** The key in DATA_DIR/release-signing.key, or undefined when there is none. */
export async function readSigningKeyFile(dataDir: string): Promise<string | undefined> {
  try {
    const key = (await fs.readFile(signingKeyFile(dataDir), 'utf8')).trim();
    return key || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * RELEASE_SIGNING_KEY when set, else the key file in dataDir, made now (32 random bytes, mode 0600) if missing.
 * Two processes making it at once agree: the file is created exclusively, and the loser reads the winner's.
 */
export async function ensureSigningKey(
  dataDir: string,
  env: Record<string, string | undefined> = process.env,
): Promise<string> {
  if (env.RELEASE_SIGNING_KEY) return env.RELEASE_SIGNING_KEY;
  const existing = await readSigningKeyFile(dataDir);
  if (existing) return existing;
  await fs.mkdir(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  try {
    const file = await fs.open(signingKeyFile(dataDir), 'wx', 0o600);
    try {
      await file.writeFile(`${key}\n`);
      await file.sync();
    } finally {
      await file.close();
    }
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const written = await readSigningKeyFile(dataDir);
    if (!written) throw new Error(`${signingKeyFile(dataDir)} is empty; delete it to make a new key`);
    return written;
  }
}

/**
 * RELEASE_SIGNING_KEY when set, else the key file in dataDir if there is one (the release CLI and a site server
 * started by hand read what npm start made; they never make one: a new key would not match the running site's).
 */
export async function findSigningKey(
  dataDir: string,
  env: Record<string, string | undefined> = process.env,
): Promise<string | undefined> {
  return env.RELEASE_SIGNING_KEY || (await readSigningKeyFile(dataDir));
}
