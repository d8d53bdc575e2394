// kill -9 under the supervisor (npm start's launch): the killed process comes back, the other keeps answering.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProbe, waitUntilOk } from '../kill-probe.mjs';
import { launch } from '../launch.mjs';
import { REPO_ROOT } from '../../../releases/src/__tests__/release-fixtures';
import { freePort } from '../free-port.mjs';

jest.setTimeout(240_000);

const needed = ['api/dist/main.js', 'shell/dist/index.html'];
const missing = needed.filter((file) => !existsSync(path.join(REPO_ROOT, file)));

test('kill -9 of the API or of the site: it is restarted and the other answers throughout', async () => {
  if (missing.length)
    throw new Error(
      `The fault suite runs the built API and shell; run 'npm run build' first (missing: ${missing.join(', ')})`,
    );
  const work = mkdtempSync(path.join(tmpdir(), 'metrology-faults-'));
  const [sitePort, apiPort] = [await freePort(), await freePort()];
  const logs: string[] = [];
  const running = await launch({
    sitePort,
    apiPort,
    dataDir: path.join(work, 'data'),
    releasesDir: path.join(work, 'releases'),
    geoUrl: '',
    apiOutput: 'ignore',
    log: (line) => logs.push(line),
  });
  const site = `http://127.0.0.1:${sitePort}`;
  const api = `http://127.0.0.1:${apiPort}`;
  try {
    // The API dies: pages keep coming from the site, and the API is back (a new process).
    const probe = startProbe({ page: `${site}/products`, config: `${site}/config.json` }, 50);
    const oldApi = running.api.pid;
    running.api.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await waitUntilOk(`${api}/api/health/ready`, 120_000);
    const whileApiDown = await probe.stop();
    expect(running.api.pid).not.toBe(oldApi);
    expect(whileApiDown.page).toMatchObject({ failed: 0 });
    expect(whileApiDown.config).toMatchObject({ failed: 0 });
    expect(whileApiDown.page!.ok).toBeGreaterThan(0);
    expect(logs.join('\n')).toMatch(/The API stopped \(signal SIGKILL\); restarting in \d+ ms/);

    // The site dies: the API keeps answering, and the site is back.
    const apiProbe = startProbe({ products: `${api}/api/product/list?limit=1` }, 50);
    const oldSite = running.site.pid;
    running.site.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await waitUntilOk(`${site}/readyz`, 60_000);
    const whileSiteDown = await apiProbe.stop();
    expect(running.site.pid).not.toBe(oldSite);
    expect(whileSiteDown.products).toMatchObject({ failed: 0 });
    expect(logs.join('\n')).toMatch(/The site stopped \(signal SIGKILL\); restarting/);
  } finally {
    await running.stop();
    rmSync(work, { recursive: true, force: true });
  }
});
