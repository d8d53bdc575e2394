import { defineConfig } from '@playwright/test';
import { workerCount } from './support/stacks';

const CI = Boolean(process.env.CI);

/**
 * Specs that load the machine themselves (thousands of visits to judge a rollout, a cluster of processes): they run
 * after the others, one at a time, so no test shares the machine's two cores with their load. Beside the rollout load
 * test, axe passes and page loads of the other worker took 50-60 s on this kind of machine and timed out.
 */
const LOADING_SPECS = [
  'rollout.spec.ts',
  'rollout-one-network.spec.ts',
  'rollout-speed.spec.ts',
  'cluster.spec.ts',
  'cluster-artifacts.spec.ts',
].map((file) => `**/${file}`);

export default defineConfig({
  testDir: './tests',
  // Each worker has a whole stack of its own (support/global-setup.ts starts one per worker): test files spread over
  // the workers, the tests of a file run in order in one. E2E_WORKERS sets how many (default 2).
  workers: workerCount(),
  fullyParallel: false,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // No retry anywhere: a test that needs a second try shows a product bug, to be traced and fixed.
  retries: 0,
  forbidOnly: CI,
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  projects: [
    { name: 'shop', testIgnore: LOADING_SPECS },
    { name: 'load', testMatch: LOADING_SPECS, dependencies: ['shop'], workers: 1 },
  ],
  outputDir: './test-results',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
