// @ts-check
// The served page: the shell's index.html with the server render in #root, the page's head, the styles and
// preloads of the route, and the page's data for hydration.
import { escapeHtml, scriptSafeJson } from '@metrology/shared/html-escape';

export { escapeHtml, scriptSafeJson };

/**
 * @typedef {object} PageParts
 * @property {string} html the markup of #root
 * @property {string} headTags title, description, canonical, Open Graph, JSON-LD (already escaped)
 * @property {string[]} styles stylesheet URLs, in order
 * @property {string[]} scripts script URLs to preload
 * @property {string[]} [fetches] JSON files the page reads next (the remote's manifest)
 * @property {string[]} [images] images to preload (the LCP image)
 * @property {unknown} data the page's data for hydration
 */

/**
 * @param {string} template the built index.html
 * @param {PageParts} parts
 */
export function composeDocument(template, parts) {
  const links = [
    ...parts.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...(parts.images ?? []).map(
      (href) => `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high">`,
    ),
    ...parts.scripts.map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}">`),
    ...(parts.fetches ?? []).map(
      (href) => `<link rel="preload" as="fetch" href="${escapeHtml(href)}" crossorigin="anonymous">`,
    ),
  ].join('');
  let page = template;
  if (parts.headTags) {
    // The page's own title and description replace the site's defaults.
    page = page.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta\s+name="?description"?[^>]*>/, '');
  }
  page = page.replace('</head>', `${parts.headTags}${links}</head>`);
  page = page.replace(/<noscript>[\s\S]*?<\/noscript>/, '');
  // A function replacement: `$` in the markup is never read as a pattern.
  page = page.replace(/<div id="?root"?><\/div>/, () => `<div id="root">${parts.html}</div>`);
  page = page.replace(
    '</body>',
    () => `<script type="application/json" id="shop-data">${scriptSafeJson(parts.data)}</script></body>`,
  );
  return page;
}
