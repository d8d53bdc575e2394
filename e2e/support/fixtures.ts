import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export interface Site {
  url: string;
  apiUrl: string;
  releasesDir: string;
  /** What the geolocation stand-in answers from now on ('IN' makes an Indian visitor). */
  setCountry: (countryCode: string) => Promise<void>;
  /** Makes the geolocation stand-in fail (the flag must stay false, silently). */
  failGeoLookup: () => Promise<void>;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the e2e global setup did not run`);
  return value;
}

/**
 * Tests act as a shopper does: as soon as a control shows, never after waiting for hydration or a quiet network
 * (the page holds input made before it hydrated and gives it back once, see shared/server/early-input.mjs).
 */
export const test = base.extend<{ site: Site }>({
  site: async ({}, use) => {
    const control = required('E2E_GEO_CONTROL_URL');
    const site: Site = {
      url: required('E2E_SITE_URL'),
      apiUrl: required('E2E_API_URL'),
      releasesDir: required('E2E_RELEASES_DIR'),
      setCountry: async (countryCode) => {
        await fetch(`${control}?country=${encodeURIComponent(countryCode)}`);
      },
      failGeoLookup: async () => {
        await fetch(`${control}?fail=1`);
      },
    };
    await site.setCountry('US');
    await use(site);
    await site.setCountry('US');
  },
  baseURL: async ({}, use) => {
    await use(required('E2E_SITE_URL'));
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
