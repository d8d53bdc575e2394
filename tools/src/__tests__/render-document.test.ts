import { composeDocument, escapeHtml, scriptSafeJson } from '../render/document.mjs';
import { withNonce } from '../site-security.mjs';

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

  it('links the styles and preloads the scripts, manifest and LCP image in the head', () => {
    const page = composeDocument(TEMPLATE, parts);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/14.abc.css">');
    expect(head).toContain('<link rel="stylesheet" href="/remotes/mfe-catalog/1.0.0/page.css">');
    expect(head).toContain('<link rel="preload" as="script" href="/14.abc.js">');
    expect(head).toContain(
      'as="fetch" href="/remotes/mfe-catalog/1.0.0/mf-manifest.json" crossorigin="anonymous"',
    );
    expect(head).toContain('<link rel="preload" as="image" href="http://localhost:4000/images/a.svg"');
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
    expect(page).toContain('<script nonce="abc123" defer src=/main.js>');
    expect(page).toContain('<link nonce="abc123" rel="preload" as="script" href="/14.abc.js">');
    expect(page).toContain('<script nonce="abc123" type="application/json" id="shop-data">');
    expect(escapeHtml('"><script>')).toBe('&quot;&gt;&lt;script&gt;');
  });
});
