// @ts-check
// How `npm run cluster -- deploy` reaches the running `npm run cluster`: the cluster listens on a loopback port
// (written with its pid to a state file) for POST /deploy, runs the rolling deploy and streams each step back as a
// line of text; the command prints them and ends with the deploy's outcome.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';

/** The last line of a deploy that went through (cluster.mjs `deploy`). */
const DONE = 'Deploy done';

/**
 * @param {{ deploy(options: { log: (line: string) => void }): Promise<{ ok: boolean }> }} cluster
 * @param {string} stateFile
 * @returns {Promise<() => void>} stops listening and removes the state file
 */
export async function serveDeploys(cluster, stateFile) {
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/deploy') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    const log = (/** @type {string} */ line) => {
      console.log(`deploy: ${line}`);
      response.write(`${line}\n`);
    };
    cluster.deploy({ log }).then(
      () => response.end(),
      (/** @type {unknown} */ error) => {
        log(`Deploy failed: ${error instanceof Error ? error.message : error}`);
        response.end();
      },
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  writeFileSync(stateFile, JSON.stringify({ pid: process.pid, control: `http://127.0.0.1:${address.port}` }));
  return () => {
    server.close();
    rmSync(stateFile, { force: true });
  };
}

/**
 * Asks the cluster of this state file for a deploy, writing its lines as they come.
 * @param {string} stateFile
 * @param {(text: string) => void} write
 * @returns {Promise<boolean>} whether the deploy went through
 */
export async function requestDeploy(stateFile, write) {
  if (!existsSync(stateFile))
    throw new Error(`No cluster is running (no ${stateFile}); start one with npm run cluster`);
  const { control } = /** @type {{ control: string }} */ (JSON.parse(readFileSync(stateFile, 'utf8')));
  const response = await fetch(`${control}/deploy`, { method: 'POST' });
  if (!response.ok || !response.body) throw new Error(`The cluster answered ${response.status}`);
  let text = '';
  for await (const chunk of response.body) {
    const part = Buffer.from(chunk).toString();
    write(part);
    text += part;
  }
  return (text.trimEnd().split('\n').at(-1) ?? '').startsWith(DONE);
}
