import { defineConfig } from '@playwright/test';
import { workerCount } from './support/stacks';

const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: './tests',
  // Each worker has a whole stack of its own (support/global-setup.ts starts one per worker): test files spread over
  // the workers, the tests of a file run in order in one. E2E_WORKERS sets how many (default 2).
  workers: workerCount(),
  fullyParallel: false,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
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
