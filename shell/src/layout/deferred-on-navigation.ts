import { hydrateDeferredParts } from '@metrology/shared';

/**
 * A navigation hydrates the parts of the page still waiting to (the footer, related products: HydrateWhenVisible):
 * the new location reaches their links, and React cannot apply it to a part it has not hydrated, so the new page
 * would wait for them. The router moves through history.pushState/replaceState (and popstate for back and
 * forward); a replaceState that keeps the address (the router stamping its entry) is no navigation.
 */
export function hydrateDeferredPartsOnNavigation(): void {
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function navigate(
      this: History,
      data: unknown,
      unused: string,
      url?: string | URL | null,
    ) {
      if (url != null && new URL(url, location.href).href !== location.href) hydrateDeferredParts();
      original.call(this, data, unused, url);
    };
  }
  window.addEventListener('popstate', hydrateDeferredParts);
}
