// A cluster process that ends before it answers is named with how it ended and its last log lines: the rolling-deploy
// bench's "api-1 exited before it answered /api/health" said nothing else, its output going nowhere.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startCluster } from '../cluster.mjs';
import { freePort } from '../free-port.mjs';
import { followOutput, lastLinesText } from '../log-tail.mjs';
import { REPO_ROOT } from '../../../releases/src/__tests__/release-fixtures';

jest.setTimeout(120_000);

/** A real child that writes `lines` numbered lines to one of its streams, then ends with `code`. */
function child(stream: 'stdout' | 'stderr', lines: number, code: number) {
  const script = `for (let i = 1; i <= ${lines}; i += 1) process.${stream}.write('line ' + i + '\\n'); process.exitCode = ${code};`;
  return spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
}

async function tailOf(stream: 'stdout' | 'stderr', lines: number, count: number) {
  const running = child(stream, lines, 3);
  const tail = followOutput(running);
  expect(await new Promise((resolve) => running.once('close', resolve))).toBe(3);
  return tail.lastLines(count);
}

test('followOutput keeps the last lines a child wrote, on stdout or stderr, however much it wrote', async () => {
  // 5,000 lines are about 50 KB, more than the 16 KiB kept: the start is dropped, the end is whole.
  expect(await tailOf('stdout', 5000, 3)).toEqual(['line 4998', 'line 4999', 'line 5000']);
  expect(await tailOf('stderr', 5000, 2)).toEqual(['line 4999', 'line 5000']);
  expect(await tailOf('stderr', 2, 15)).toEqual(['line 1', 'line 2']);
  expect(await tailOf('stdout', 0, 15)).toEqual([]);
});

test('lastLinesText: the lines indented, or that there were none', () => {
  expect(lastLinesText(['a', 'b'])).toBe('Its last lines:\n    a\n    b');
  expect(lastLinesText([])).toBe('It wrote nothing.');
});

test('an API that exits while the cluster starts is reported with its exit code and its last log lines', async () => {
  for (const file of ['api/dist/main.js', 'shell/dist/index.html'])
    if (!existsSync(path.join(REPO_ROOT, file)))
      throw new Error(`The cluster runs the build; run 'npm run build' first (missing ${file})`);
  // A statement timeout of 1 ms: the API's first migration is cancelled and the process exits with code 1. The
  // server's timer or the client's own cancel request may be first: the line names either.
  const started = startCluster({
    port: await freePort(),
    host: '127.0.0.1',
    output: 'ignore',
    apiEnv: { STATEMENT_TIMEOUT_MS: '1' },
  });
  await expect(started).rejects.toThrow(
    /^api-1 exited before it answered http:\/\/127\.0\.0\.1:\d+\/api\/health\. It exited with code 1\. Its last lines:\n {4}canceling statement due to (statement timeout|user request)/,
  );
});
