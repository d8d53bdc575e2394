// Browser features jsdom leaves out, stood in for the components that read them.

/** window.matchMedia answering each query by `matches` (jest's DOM setup installs one that matches nothing). */
export function stubMatchMedia(matches: (query: string) => boolean): void {
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/** Makes `prefers-reduced-motion: reduce` match (or not) for the components that read it. */
export function setReducedMotion(reduce: boolean): void {
  stubMatchMedia((query) => reduce && query.includes('prefers-reduced-motion'));
}
