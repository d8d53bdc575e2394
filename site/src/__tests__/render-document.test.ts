import { gzipSync } from 'node:zlib';
import { EARLY_INPUT_SCRIPT } from '@metrology/server-kit/early-input';
import { composeDocument, escapeHtml, scriptSafeJson } from '../render/document.js';
import { withNonce } from '../security.js';

const TEMPLATE =
  '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=description content="The shop">' +
  '<title>Metrology</title><script defer src=/main.js></script></head>' +
  '<body><noscript>This shop needs JavaScript to run.</noscript><div id=root></div></body></html>';

const parts = {
  html: '<main><h1>Bore gauge $1 & co</h1></main>',
  headTags: '<title>Bore gauge</title>',
  styles: ['/14.abc.css', '/remotes/mfe-catalog/1.0.0/page.css'],
  scripts: ['/14.abc.js'],
  fetches: ['/remotes/mfe-catalog/1.0.0/mf-manifest.json'],
  images: ['http://localhost:4000/images/a.svg'],
  data: { state: { name: '</script><script>alert(1)</script>' } },
};

describe('the served document of a server render', () => {
  it('puts the render in #root, the page head in place of the defaults, and drops the no-JavaScript notice', () => {
    const page = composeDocument(TEMPLATE, parts);
    expect(page).toContain('<div id="root"><main><h1>Bore gauge $1 & co</h1></main></div>');
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page).toContain('<title>Bore gauge</title>');
    expect(page).not.toContain('content="The shop"');
    expect(page).not.toContain('noscript');
  });

  it('puts only what paints in the head, and the inline early-input script ahead of it: no script file, no script preload', () => {
    const page = composeDocument(TEMPLATE, parts);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/14.abc.css">');
    expect(head).toContain('<link rel="stylesheet" href="/remotes/mfe-catalog/1.0.0/page.css">');
    expect(head).toContain(
      '<link rel="preload" as="image" href="http://localhost:4000/images/a.svg" fetchpriority="high">',
    );
    expect(head).not.toMatch(/as="script"|main\.js|14\.abc\.js/);
    // One inline script: the early-input one, right after the charset and before every stylesheet.
    expect(head.match(/<script/g)).toHaveLength(1);
    expect(head).toContain(`<meta charset=utf-8><script>${EARLY_INPUT_SCRIPT}</script>`);
    expect(head.indexOf('__shopEarly')).toBeLessThan(head.indexOf('rel="stylesheet"'));
  });

  it('keeps the early-input script small and valid: under 3.5 KiB (1.6 KiB gzipped), and it parses', () => {
    // Every page carries it inline: it holds presses, sends native forms and carries presses across their answer.
    expect(Buffer.byteLength(EARLY_INPUT_SCRIPT)).toBeLessThan(3584);
    expect(gzipSync(EARLY_INPUT_SCRIPT, { level: 9 }).byteLength).toBeLessThan(1638);
    expect(() => new Function(EARLY_INPUT_SCRIPT)).not.toThrow();
  });

  it('starts the entry, the chunks and the manifest from a loader at the end of the body, at low priority', () => {
    const page = composeDocument(TEMPLATE, parts);
    const body = page.slice(page.indexOf('<body>'));
    const loader = /<script>(\(function[\s\S]*?)<\/script><\/body>/.exec(body);
    expect(loader).not.toBeNull();
    const list = /\}\)\((\{[\s\S]*\})\)$/.exec(loader?.[1] ?? '');
    expect(JSON.parse(list?.[1] ?? '')).toEqual({
      entries: ['/main.js'],
      preloads: ['/14.abc.js'],
      fetches: ['/remotes/mfe-catalog/1.0.0/mf-manifest.json'],
    });
    expect(loader?.[1]).toContain("setAttribute('fetchpriority','low')");
    // After the page's data, so the entry finds it whenever it runs.
    expect(body.indexOf('id="shop-data"')).toBeLessThan(body.indexOf(loader?.[0] ?? ''));
  });

  it('embeds the data so nothing in it can end the script element', () => {
    const page = composeDocument(TEMPLATE, parts);
    const script = /<script type="application\/json" id="shop-data">([\s\S]*?)<\/script>/.exec(page);
    expect(script).not.toBeNull();
    expect(script?.[1]).not.toContain('</script');
    expect(script?.[1]).not.toContain('<');
    expect(JSON.parse(script?.[1] ?? '')).toEqual(parts.data);
    expect(scriptSafeJson('\u2028<!--')).toBe('"\\u2028\\u003c!--"');
  });

  it('gives scripts and script preloads this response nonce, and escapes attribute values', () => {
    const page = withNonce(composeDocument(TEMPLATE, parts), 'abc123');
    expect(page).toContain('<script nonce="abc123">(function(l)');
    expect(page).toContain('<script nonce="abc123">(function(w,d,ms){');
    expect(page).toContain('<script nonce="abc123" type="application/json" id="shop-data">');
    expect(escapeHtml('"><script>')).toBe('&quot;&gt;&lt;script&gt;');
  });
});
