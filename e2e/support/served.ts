/**
 * The markup inside #root (the server render) of a served page, without what follows it: the page's token and
 * data (JSON script elements) and the loader.
 */
export function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('type="application/json"', start);
  return html.slice(start, end === -1 ? undefined : end);
}
