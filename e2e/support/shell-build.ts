import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The shell build's page-assets.json: the hashed files its page loads first. */
export interface PageAssets {
  css: string[];
  js: string[];
}

export async function pageAssets(dir: string): Promise<PageAssets> {
  return JSON.parse(await fs.readFile(path.join(dir, 'page-assets.json'), 'utf8')) as PageAssets;
}

/**
 * A real production build of the shell (`npm run build -w shell`, browser and Node builds) into outDir, under other
 * hashed file names than the working tree's (BUILD_HASH_SALT): a genuinely different shell whose chunks a page of
 * the running one cannot find under its own names. shell/dist is untouched. ~20 s on a quiet machine.
 */
export function buildShellElsewhere(outDir: string, salt: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      ['run', 'build', '--silent', '-w', 'shell'],
      {
        cwd: ROOT,
        env: { ...process.env, BUILD_OUTPUT_DIR: outDir, BUILD_HASH_SALT: salt },
        timeout: 200_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, _stdout, stderr) =>
        error ? reject(new Error(`the shell's build failed: ${error.message}\n${stderr}`)) : resolve(),
    );
  });
}
