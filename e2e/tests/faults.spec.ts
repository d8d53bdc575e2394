import { createServer, type Server, type Socket } from 'node:net';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';

/** The third parties of the footer: unreachable here, as on an offline machine. */
const THIRD_PARTY = /^https:\/\/(api\.qrserver\.com|translate\.google\.com|translate\.googleapis\.com)\//;

const accountButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Account/ });

/** An "API" that accepts connections and never answers a byte. */
async function hungServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

test('a hung API: the shell gives up within 10 s with an error toast, and the page stays usable', async ({
  page,
}) => {
  const hung = await hungServer();
  try {
    await page.route(THIRD_PARTY, (route) => route.abort('internetdisconnected'));
    // The run-time config points the shell at the hung API.
    await page.route('**/config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...config, apiBaseUrl: hung.url } });
    });
    await page.goto('/about');
    await accountButton(page).click();
    await page.getByRole('button', { name: 'Login / Register' }).click();
    await page.getByLabel('Email').fill('hung@example.com');
    await page.getByLabel('Password').fill('a-long-password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const asked = Date.now();
    // SPEC section 8: an exception on the login call shows a toast with the error message.
    await expect(page.getByText('The shop did not answer in time. Please try again.')).toBeVisible({
      timeout: 10_500,
    });
    expect(Date.now() - asked).toBeLessThanOrEqual(10_500);
    await expect(page.getByRole('dialog')).toBeVisible();
  } finally {
    await hung.close();
  }
});
