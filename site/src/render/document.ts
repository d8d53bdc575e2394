// The served page: the shell's index.html with the server render in #root, the page's head, the styles of the
// route and its LCP image first, the page's data for hydration, and the scripts only after the first paint.
import { escapeHtml, scriptSafeJson } from '@metrology/shared/rules';
import { EARLY_INPUT_SCRIPT } from '@metrology/server-kit/early-input';

export { escapeHtml, scriptSafeJson };

export interface PageParts {
  /** the markup of #root */
  html: string;
  /** title, description, canonical, Open Graph, JSON-LD (already escaped) */
  headTags: string;
  /** stylesheet URLs, in order */
  styles: string[];
  /** script URLs the page runs (after the template's own entry script) */
  scripts: string[];
  /** JSON files the page reads next (the remote's manifest) */
  fetches?: string[];
  /** images to preload (the LCP image) */
  images?: string[];
  /** the page's data for hydration */
  data: unknown;
}

/** The template's `<script src>` tags: the shell's entry, moved behind the first paint. */
const TEMPLATE_SCRIPT = /<script\b[^>]*\bsrc=("[^"]*"|'[^']*'|[^\s>]+)[^>]*><\/script>/gi;

/**
 * The loader that starts the scripts once the page has painted: the entry as an async script, the chunks and
 * manifest it will ask for as low-priority preloads. Nothing of JavaScript competes with the HTML, the CSS or the
 * LCP image for the first paint, and the chain is still one step deep once it starts. Where the page has an LCP
 * image (the one fetched first), the scripts wait until it has arrived and painted (2.5 s at most), so no script
 * task stands between the image and its paint. A hidden tab (prerender,
 * a background tab) paints nothing, so it starts at once. An entry that fails to load sends the input held so far
 * natively (@metrology/server-kit/early-input).
 */
function lateLoader(load: { entries: string[]; preloads: string[]; fetches: string[] }) {
  return `<script>(function(l){var d=document,n=d.currentScript&&d.currentScript.nonce,done=0;function add(t,a){var e=d.createElement(t);for(var k in a)e[k]=a[k];if(n)e.nonce=n;e.setAttribute('fetchpriority','low');d.head.appendChild(e)}function go(){if(done)return;done=1;l.entries.forEach(function(u){add('script',{src:u,async:true,onerror:function(){var s=window.__shopEarly;if(s)s.fail()}})});l.preloads.forEach(function(u){add('link',{rel:'preload',as:'script',href:u})});l.fetches.forEach(function(u){add('link',{rel:'preload',as:'fetch',href:u,crossOrigin:'anonymous'})})}function painted(){requestAnimationFrame(function(){setTimeout(go,0)})}if(d.visibilityState==='hidden'){go();return}var lcp=d.querySelector('#root img[fetchpriority=high]');if(lcp&&!lcp.complete){lcp.addEventListener('load',painted);lcp.addEventListener('error',painted);setTimeout(go,2500)}else{painted();setTimeout(go,250)}})(${scriptSafeJson(load)})</script>`;
}

/** @param template the built index.html */
export function composeDocument(template: string, parts: PageParts) {
  const links = [
    ...parts.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...(parts.images ?? []).map(
      (href) => `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high">`,
    ),
  ].join('');
  const entries: string[] = [];
  let page = template.replace(TEMPLATE_SCRIPT, (_tag, src) => {
    entries.push(String(src).replace(/^["']|["']$/g, ''));
    return '';
  });
  if (parts.headTags) {
    // The page's own title and description replace the site's defaults.
    page = page.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta\s+name="?description"?[^>]*>/, '');
  }
  // The early-input script first (after the charset): inline and ahead of the stylesheets, it runs before the
  // first paint.
  const early = `<script>${EARLY_INPUT_SCRIPT}</script>`;
  page = /<meta\s+charset[^>]*>/i.test(page)
    ? page.replace(/<meta\s+charset[^>]*>/i, (meta) => meta + early)
    : page.replace('<head>', () => `<head>${early}`);
  page = page.replace('</head>', `${parts.headTags}${links}</head>`);
  page = page.replace(/<noscript>[\s\S]*?<\/noscript>/, '');
  // A function replacement: `$` in the markup is never read as a pattern.
  page = page.replace(/<div id="?root"?><\/div>/, () => `<div id="root">${parts.html}</div>`);
  const loader = lateLoader({
    entries,
    preloads: parts.scripts.filter((src) => !entries.includes(src)),
    fetches: parts.fetches ?? [],
  });
  page = page.replace(
    '</body>',
    () =>
      `<script type="application/json" id="shop-data">${scriptSafeJson(parts.data)}</script>${loader}</body>`,
  );
  return page;
}
