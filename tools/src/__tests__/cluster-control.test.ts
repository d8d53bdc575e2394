// `npm run cluster -- deploy` and the running cluster: the steps stream back line by line, and the command tells
// a deploy that went through from one that stopped.
import path from 'node:path';
import { requestDeploy, serveDeploys } from '../cluster-control.mjs';
import { tempDir } from '../../../releases/src/__tests__/release-fixtures';

function fakeCluster(lines: string[], ok: boolean) {
  return {
    deploy: async ({ log }: { log: (line: string) => void }) => {
      for (const line of lines) log(line);
      return { ok };
    },
  };
}

const quiet = jest.spyOn(console, 'log').mockImplementation(() => undefined);
afterAll(() => quiet.mockRestore());

it('streams the steps and answers whether the deploy went through', async () => {
  const stateFile = path.join(await tempDir('cluster-control'), 'state.json');
  const steps = [
    'api-1: started the new build on :4101',
    'api-1: the new build is ready',
    'Deploy done: api-1',
  ];
  const stop = await serveDeploys(fakeCluster(steps, true), stateFile);
  let written = '';
  expect(await requestDeploy(stateFile, (text) => (written += text))).toBe(true);
  expect(written).toBe(`${steps.join('\n')}\n`);
  stop();
  await expect(requestDeploy(stateFile, () => undefined)).rejects.toThrow(/No cluster is running/);
});

it('a deploy stopped on a failed readiness probe is not a success', async () => {
  const stateFile = path.join(await tempDir('cluster-control'), 'state.json');
  const steps = ['api-1: the new build is not ready (...)', 'Deploy stopped; nothing else changed.'];
  const stop = await serveDeploys(fakeCluster(steps, false), stateFile);
  expect(await requestDeploy(stateFile, () => undefined)).toBe(false);
  stop();
});
