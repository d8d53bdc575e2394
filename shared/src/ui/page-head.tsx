import { createContext, useContext, useEffect, type JSX, type ReactNode } from 'react';
import { escapeHtml, scriptSafeJson } from '../rules/html-escape.js';
import { getRuntimeConfig } from '../config/runtime-config.js';
import { BRAND_NAME } from '../rules/constants.js';

// The one HTML and script-JSON escaping, shared with the site server's document (site/src/render/document.ts).
export { escapeHtml, scriptSafeJson };

/** What a page puts in the document's head. Every field is optional; a page sets what it knows. */
export interface PageHead {
  /** The page's own title; the document title is "<title> | <brand>" (the brand alone when empty). */
  title?: string;
  description?: string;
  /** Path (and query) of the page's canonical address on the site origin, e.g. /product/caliper-150. */
  canonicalPath?: string;
  /** The page's picture for link previews (og:image); a path is taken on the site origin. */
  imageUrl?: string;
  type?: 'website' | 'product';
  /** One schema.org object, written as a JSON-LD script. */
  jsonLd?: Record<string, unknown>;
  /**
   * The title is already complete and is used as it is, without " | <brand>" (SPEC: a product page's title
   * is the product name plus the company name).
   */
  bareTitle?: boolean;
}

/** Collects the head of a server render: every usePageHead call of the render merges into `head`. */
export interface HeadCollector {
  head: PageHead;
}

export function createHeadCollector(): HeadCollector {
  return { head: {} };
}

const HeadCollectorContext = createContext<HeadCollector | null>(null);

/** Server rendering: the pages under it write their head into the collector instead of the document. */
export function HeadCollectorProvider(props: { collector: HeadCollector; children: ReactNode }): JSX.Element {
  return (
    <HeadCollectorContext.Provider value={props.collector}>{props.children}</HeadCollectorContext.Provider>
  );
}

/** The attribute that marks the tags this module writes (server-rendered or created in the browser). */
export const PAGE_HEAD_ATTRIBUTE = 'data-page-head';

/** The document title a head gives: "<title> | <brand>", the title alone when bare, the brand when empty. */
export function documentTitle(head: PageHead): string {
  if (!head.title) return BRAND_NAME;
  return head.bareTitle ? head.title : `${head.title} | ${BRAND_NAME}`;
}

/** An absolute address: paths are taken on the site origin, anything else as given. */
function absoluteUrl(siteOrigin: string, pathOrUrl: string): string {
  if (pathOrUrl.startsWith('/') && !pathOrUrl.startsWith('//')) {
    return `${siteOrigin.replace(/\/+$/, '')}${pathOrUrl}`;
  }
  return pathOrUrl;
}

interface HeadTag {
  /** Finds the tag of this kind in a document's head. */
  selector: string;
  /** Element name and its identifying attributes (name/property/rel/type). */
  element: 'meta' | 'link' | 'script';
  identity: Record<string, string>;
  /** The attribute carrying the value; undefined: the value is the element's text. */
  valueAttribute?: string;
  value: string;
}

/** The tags a head gives besides <title>, in document order. */
function headTagList(head: PageHead, siteOrigin: string): HeadTag[] {
  const tags: HeadTag[] = [];
  const meta = (key: 'name' | 'property', name: string, value: string) =>
    tags.push({
      selector: `meta[${key}="${name}"]`,
      element: 'meta',
      identity: { [key]: name },
      valueAttribute: 'content',
      value,
    });
  const canonical =
    head.canonicalPath === undefined ? undefined : absoluteUrl(siteOrigin, head.canonicalPath);
  if (head.description !== undefined) meta('name', 'description', head.description);
  if (canonical !== undefined) {
    tags.push({
      selector: 'link[rel="canonical"]',
      element: 'link',
      identity: { rel: 'canonical' },
      valueAttribute: 'href',
      value: canonical,
    });
  }
  if (head.title !== undefined) meta('property', 'og:title', documentTitle(head));
  if (head.description !== undefined) meta('property', 'og:description', head.description);
  if (head.title !== undefined || head.type !== undefined)
    meta('property', 'og:type', head.type ?? 'website');
  if (canonical !== undefined) meta('property', 'og:url', canonical);
  if (head.imageUrl) meta('property', 'og:image', absoluteUrl(siteOrigin, head.imageUrl));
  if (head.jsonLd !== undefined) {
    tags.push({
      selector: `script[type="application/ld+json"][${PAGE_HEAD_ATTRIBUTE}]`,
      element: 'script',
      identity: { type: 'application/ld+json' },
      value: scriptSafeJson(head.jsonLd),
    });
  }
  return tags;
}

/** The head's tags as HTML for a server-rendered page's <head>; each carries data-page-head. */
export function headTags(head: PageHead, siteOrigin: string): string {
  const html = [`<title ${PAGE_HEAD_ATTRIBUTE}>${escapeHtml(documentTitle(head))}</title>`];
  for (const tag of headTagList(head, siteOrigin)) {
    const identity = Object.entries(tag.identity)
      .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
      .join('');
    if (tag.valueAttribute === undefined) {
      // Only the JSON-LD script has text; scriptSafeJson already keeps it inside the element.
      html.push(`<${tag.element}${identity} ${PAGE_HEAD_ATTRIBUTE}>${tag.value}</${tag.element}>`);
    } else {
      html.push(
        `<${tag.element}${identity} ${tag.valueAttribute}="${escapeHtml(tag.value)}" ${PAGE_HEAD_ATTRIBUTE}>`,
      );
    }
  }
  return html.join('');
}

/** The tags some mounted usePageHead created or took over from the server's HTML. */
const owned = new WeakSet<Element>();

/** Puts one tag's value into the document; the returned function undoes it. */
function applyTag(tag: HeadTag): () => void {
  const existing = document.head.querySelector(tag.selector);
  const serverRendered = existing?.hasAttribute(PAGE_HEAD_ATTRIBUTE) === true && !owned.has(existing);
  if (existing && !serverRendered) {
    // A tag of the page template (or of another mounted page head): set it, and put it back afterwards.
    const previous = tag.valueAttribute ? existing.getAttribute(tag.valueAttribute) : existing.textContent;
    write(existing, tag);
    return () => {
      if (!tag.valueAttribute) existing.textContent = previous;
      else if (previous === null) existing.removeAttribute(tag.valueAttribute);
      else existing.setAttribute(tag.valueAttribute, previous);
    };
  }
  // The server rendered this page's tag: this page owns it now and it leaves with the page.
  const element = existing ?? document.createElement(tag.element);
  if (!existing) {
    for (const [name, value] of Object.entries(tag.identity)) element.setAttribute(name, value);
    element.setAttribute(PAGE_HEAD_ATTRIBUTE, '');
    document.head.appendChild(element);
  }
  owned.add(element);
  write(element, tag);
  return () => {
    owned.delete(element);
    element.remove();
  };
}

function write(element: Element, tag: HeadTag): void {
  if (tag.valueAttribute) element.setAttribute(tag.valueAttribute, tag.value);
  else element.textContent = tag.value;
}

/**
 * Sets the page's head. In a server render (under HeadCollectorProvider) the head is merged into the
 * collector during render, later calls winning per field. In the browser the document's title and tags are
 * set after render, replacing server-rendered ones, and put back when the page goes.
 */
export function usePageHead(head: PageHead): void {
  const collector = useContext(HeadCollectorContext);
  if (collector) {
    for (const [field, value] of Object.entries(head)) {
      if (value !== undefined) Object.assign(collector.head, { [field]: value });
    }
  }
  const key = JSON.stringify(head);
  useEffect(() => {
    if (collector) return undefined;
    const current = JSON.parse(key) as PageHead;
    const previousTitle = document.title;
    if (current.title !== undefined) document.title = documentTitle(current);
    const undo = headTagList(current, getRuntimeConfig().siteOrigin).map(applyTag);
    return () => {
      for (const restore of undo.reverse()) restore();
      if (current.title !== undefined) document.title = previousTitle;
    };
  }, [collector, key]);
}
