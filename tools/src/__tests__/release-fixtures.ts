import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fresh folder under the system temp dir. */
export function tempDir(prefix: string): Promise<string> {
  return fs.mkdtemp(path.join(tmpdir(), `${prefix}-`));
}

/** A minimal production build of a remote as the publish step checks it: a manifest naming it and its entry. */
export async function fakeBuild(root: string, remote: string, marker = 'v1'): Promise<string> {
  const dist = await fs.mkdtemp(path.join(root, `dist-${remote}-`));
  const name = remote.replace(/-/g, '_');
  await fs.writeFile(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({ id: name, name, metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
  );
  await fs.writeFile(path.join(dist, 'remoteEntry.js'), `/* ${remote} ${marker} */`);
  await fs.writeFile(path.join(dist, '.fingerprint'), 'build inputs hash');
  return dist;
}

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const RELEASE_SCRIPT = path.join(REPO_ROOT, 'tools/scripts/release.mjs');
