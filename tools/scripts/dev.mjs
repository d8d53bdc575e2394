// @ts-check
// `npm run dev`: the API plus every bundle's dev server (shell 3000, catalog 3001, commerce 3002, content 3003,
// careers 3004). A team working on one remote can instead run `npm run dev -w mfe-catalog` alone.
import { spawn } from 'node:child_process';
import path from 'node:path';
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
  // The dev servers' origins (shell 3000, each remote's harness 3001-3004).
  CORS_ORIGINS:
    process.env.CORS_ORIGINS ??
    [3000, 3001, 3002, 3003, 3004]
      .flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`])
      .join(','),
});
for (const workspace of ['mfe-catalog', 'mfe-commerce', 'mfe-content', 'mfe-careers', '@metrology/shell']) {
  start(workspace, 'npm', ['run', 'dev', '-w', workspace]);
}
console.log('Shell dev server: http://localhost:3000 (remotes on 3001-3004, API on ' + apiPort + ')');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
