/**
 * In-site navigation for code outside the router's tree (a toast's action is rendered by the toast
 * provider, above the router). The shell registers its router's navigate; without one, the browser loads the page.
 */
let navigator: ((to: string) => void) | null = null;

export function registerNavigator(navigate: ((to: string) => void) | null): void {
  navigator = navigate;
}

export function navigateTo(to: string): void {
  if (navigator) navigator(to);
  else if (typeof window !== 'undefined') window.location.assign(to);
}
