import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { stacksFromEnv, type Stack } from './stacks';

/** The worker's stack (support/stacks.ts), and what a test does to its geolocation stand-in. */
export interface Site extends Stack {
  /** What the geolocation stand-in answers from now on ('IN' makes an Indian visitor). */
  setCountry: (countryCode: string) => Promise<void>;
  /** Makes the geolocation stand-in fail (the flag must stay false, silently). */
  failGeoLookup: () => Promise<void>;
}

/**
 * Tests act as a shopper does: as soon as a control shows, never after waiting for hydration or a quiet network
 * (the page holds input made before it hydrated and gives it back once, see server-kit/src/early-input.ts).
 *
 * Each worker has a whole stack of its own (support/global-setup.ts): `stack` is the worker's, for hooks that run
 * once per file (beforeAll); `site` is the same stack for one test, its geolocation answer reset to 'US' before and
 * after; `baseURL` is its site.
 */
export const test = base.extend<{ site: Site }, { stack: Site }>({
  stack: [
    async ({}, use, workerInfo) => {
      const stacks = stacksFromEnv();
      const stack = stacks[workerInfo.parallelIndex];
      if (!stack) {
        throw new Error(
          `No stack for worker ${workerInfo.parallelIndex}: the global setup started ${stacks.length} (E2E_WORKERS)`,
        );
      }
      const control = stack.geoControlUrl;
      await use({
        ...stack,
        setCountry: async (countryCode) => {
          await fetch(`${control}?country=${encodeURIComponent(countryCode)}`);
        },
        failGeoLookup: async () => {
          await fetch(`${control}?fail=1`);
        },
      });
    },
    { scope: 'worker' },
  ],
  site: async ({ stack }, use) => {
    await stack.setCountry('US');
    await use(stack);
    await stack.setCountry('US');
  },
  baseURL: async ({ stack }, use) => {
    await use(stack.url);
  },
});

/**
 * WCAG 2.2 AA scan of what the page shows now (with `bestPractices`, axe's best-practice rules too, e.g.
 * landmark-unique, image-redundant-alt); fails the test with the list of violations.
 */
export async function expectNoA11yViolations(
  page: Page,
  options: { exclude?: string[]; bestPractices?: boolean } = {},
): Promise<void> {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
  if (options.bestPractices) tags.push('best-practice');
  let builder = new AxeBuilder({ page }).withTags(tags);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(summary, 'accessibility violations').toEqual([]);
}

export { expect };
