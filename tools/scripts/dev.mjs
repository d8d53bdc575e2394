// @ts-check
// `npm run dev`: the API plus every bundle's dev server (ports from the release model: shell 3000, catalog 3001,
// commerce 3002, content 3003, careers 3004). A team working on one remote can run `npm run dev -w mfe-catalog` alone.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REMOTES, SHELL } from '@metrology/shared/release';
import { run } from '../src/build.mjs';
import { ROOT } from '../src/paths.mjs';

const apiPort = process.env.API_PORT ?? '4000';
await run('npm', ['run', 'build', '--silent', '-w', '@metrology/shared']);
await run('npm', ['run', 'build', '--silent', '-w', '@metrology/api']);

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
/** @param {string} label @param {string} command @param {string[]} args @param {Record<string, string>} [env] */
function start(label, command, args, env = {}) {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit' });
  child.on('exit', (code) => console.log(`[${label}] exited with ${code}`));
  children.push(child);
}

start('api', process.execPath, [path.join(ROOT, 'api/dist/main.js')], {
  API_PORT: apiPort,
  DATA_DIR: process.env.DATA_DIR ?? path.join(ROOT, 'data'),
  // The dev servers' origins (the shell and each remote's harness).
  CORS_ORIGINS:
    process.env.CORS_ORIGINS ??
    [SHELL.devPort, ...REMOTES.map((remote) => remote.devPort)]
      .flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`])
      .join(','),
});
for (const workspace of [...REMOTES.map((remote) => remote.name), SHELL.workspace]) {
  start(workspace, 'npm', ['run', 'dev', '-w', workspace]);
}
console.log(
  `Shell dev server: http://localhost:${SHELL.devPort} (` +
    `${REMOTES.map((remote) => `${remote.name} on ${remote.devPort}`).join(', ')}, API on ${apiPort})`,
);
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
