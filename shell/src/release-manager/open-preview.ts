/**
 * Opens a preview link in this browser: the site answers /__preview?token=... with the signed preview cookie and
 * sends the browser back to the shop. A module of its own so component tests can watch it (jsdom cannot navigate).
 */
export function openPreview(url: string): void {
  window.location.assign(url);
}
