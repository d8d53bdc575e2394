import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { BRAND_NAME } from '../../rules/constants';
import { setRuntimeConfig } from '../../config/runtime-config';
import {
  HeadCollectorProvider,
  createHeadCollector,
  headTags,
  scriptSafeJson,
  usePageHead,
  type PageHead,
} from '../page-head';
import { usePageTitle } from '../page-title';

const ORIGIN = 'https://shop.example';

function Head(props: PageHead) {
  usePageHead(props);
  return null;
}

function Title({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

/** Parses headTags' HTML the way a browser parses a served page's head. */
function parseHead(html: string): Document {
  return new DOMParser().parseFromString(
    `<!doctype html><html><head>${html}</head><body></body></html>`,
    'text/html',
  );
}

const managed = () => document.head.querySelectorAll('[data-page-head]');

beforeEach(() => {
  setRuntimeConfig({ siteOrigin: ORIGIN });
  document.head.innerHTML = '';
  document.title = 'Shop';
});

describe('headTags', () => {
  it('writes title, description, canonical, Open Graph and JSON-LD, each marked data-page-head', () => {
    const html = headTags(
      {
        title: 'Caliper 150',
        description: 'A digital caliper.',
        canonicalPath: '/product/caliper-150',
        imageUrl: '/images/caliper.svg',
        type: 'product',
        jsonLd: { '@type': 'Product', name: 'Caliper 150' },
      },
      `${ORIGIN}/`,
    );
    const head = parseHead(html).head;
    expect(head.querySelector('title')?.textContent).toBe(`Caliper 150 | ${BRAND_NAME}`);
    expect(head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'A digital caliper.',
    );
    expect(head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${ORIGIN}/product/caliper-150`,
    );
    const og = (property: string) =>
      head.querySelector(`meta[property="og:${property}"]`)?.getAttribute('content');
    expect([og('title'), og('description'), og('type'), og('url'), og('image')]).toEqual([
      `Caliper 150 | ${BRAND_NAME}`,
      'A digital caliper.',
      'product',
      `${ORIGIN}/product/caliper-150`,
      `${ORIGIN}/images/caliper.svg`,
    ]);
    const script = head.querySelector('script[type="application/ld+json"]');
    expect(JSON.parse(script?.textContent ?? 'null')).toEqual({ '@type': 'Product', name: 'Caliper 150' });
    expect(head.children).toHaveLength(9);
    expect([...head.children].every((tag) => tag.hasAttribute('data-page-head'))).toBe(true);
  });

  it('writes only what the head has; the brand alone without a title; a bare title as it is', () => {
    const head = parseHead(headTags({}, ORIGIN)).head;
    expect(head.children).toHaveLength(1);
    expect(head.querySelector('title')?.textContent).toBe(BRAND_NAME);
    expect(parseHead(headTags({ title: 'Caliper | Sylvac', bareTitle: true }, ORIGIN)).title).toBe(
      'Caliper | Sylvac',
    );
  });

  it('a hostile product name stays text: nothing escapes its attribute, its title or its script', () => {
    const hostile = `"><script>alert(1)</script><!-- ' & </title></script>\u2028\u2029`;
    const html = headTags(
      {
        title: hostile,
        description: hostile,
        canonicalPath: `/product/x"onload="alert(1)`,
        imageUrl: `https://img.example/a.svg"><script>alert(2)</script>`,
        jsonLd: { '@type': 'Product', name: hostile },
      },
      ORIGIN,
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<!--');
    expect(html).not.toContain('"onload=');
    // In HTML text the line separators are harmless; inside the script they are escaped.
    const scriptText = html.slice(html.indexOf('<script'));
    expect(scriptText).not.toMatch(/[\u2028\u2029]/);
    const head = parseHead(html).head;
    // Exactly the tags headTags meant: nothing was injected, nothing closed early.
    expect([...head.children].map((tag) => tag.tagName)).toEqual([
      'TITLE',
      'META',
      'LINK',
      'META',
      'META',
      'META',
      'META',
      'META',
      'SCRIPT',
    ]);
    expect(head.querySelector('title')?.textContent).toBe(`${hostile} | ${BRAND_NAME}`);
    expect(head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(hostile);
    expect(head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${ORIGIN}/product/x"onload="alert(1)`,
    );
    const script = head.querySelector('script[type="application/ld+json"]')?.textContent ?? '';
    expect(JSON.parse(script)).toEqual({ '@type': 'Product', name: hostile });
  });

  it('script-safe JSON has no <, >, & or line separators and parses back to the value', () => {
    const value = { name: '</script><b>&amp;\u2028\u2029' };
    const text = scriptSafeJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('usePageHead in a server render', () => {
  it('merges every call into the collector during render, later calls winning per field, document untouched', () => {
    const collector = createHeadCollector();
    const html = renderToString(
      <HeadCollectorProvider collector={collector}>
        <Head title="Shop" description="The site" canonicalPath="/" />
        <Head title="Products" canonicalPath="/products?company=Mahr" />
      </HeadCollectorProvider>,
    );
    expect(html).toBe('');
    expect(collector.head).toEqual({
      title: 'Products',
      description: 'The site',
      canonicalPath: '/products?company=Mahr',
    });
    expect(document.title).toBe('Shop');
    expect(managed()).toHaveLength(0);
  });
});

describe('usePageHead in the browser', () => {
  it('sets the title and tags, and takes them away or puts them back when the page goes', () => {
    const template = document.createElement('meta');
    template.name = 'description';
    template.content = 'The site description';
    document.head.appendChild(template);

    const page = render(
      <Head
        title="Caliper"
        description="A caliper."
        canonicalPath="/product/caliper"
        imageUrl="https://img.example/c.svg"
        type="product"
        jsonLd={{ '@type': 'Product' }}
      />,
    );
    expect(document.title).toBe(`Caliper | ${BRAND_NAME}`);
    expect(template.content).toBe('A caliper.');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${ORIGIN}/product/caliper`,
    );
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
      'https://img.example/c.svg',
    );
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);

    page.unmount();
    expect(document.title).toBe('Shop');
    expect(template.content).toBe('The site description');
    expect(managed()).toHaveLength(0);
    expect([...document.head.children].map((tag) => tag.tagName)).toEqual(['TITLE', 'META']);
  });

  it('replaces the server-rendered tags instead of adding to them, and removes them with the page', () => {
    document.head.innerHTML = headTags(
      { title: 'Caliper', description: 'Old', canonicalPath: '/product/caliper', jsonLd: { name: 'Old' } },
      ORIGIN,
    );
    const served = document.head.children.length;
    const page = render(
      <Head title="Caliper" description="New" canonicalPath="/product/caliper" jsonLd={{ name: 'New' }} />,
    );
    expect(document.head.children).toHaveLength(served);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('New');
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
    expect(document.head.querySelector('script')?.textContent).toBe('{"name":"New"}');

    page.unmount();
    // Only the served <title> stays (document.title needs it); the page's own tags left with it.
    expect([...document.head.children].map((tag) => tag.tagName)).toEqual(['TITLE']);
  });

  it('follows a change of head without leaving the old tags behind', () => {
    const page = render(<Head title="A" canonicalPath="/a" jsonLd={{ n: 1 }} />);
    page.rerender(<Head title="B" canonicalPath="/b" jsonLd={{ n: 2 }} />);
    expect(document.title).toBe(`B | ${BRAND_NAME}`);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/b`);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('usePageTitle stays "<title> | <brand>" (the brand alone without a title)', () => {
    const page = render(<Title title="About Us" />);
    expect(document.title).toBe(`About Us | ${BRAND_NAME}`);
    page.rerender(<Title title="" />);
    expect(document.title).toBe(BRAND_NAME);
  });
});
