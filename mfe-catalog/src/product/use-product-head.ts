import { useEffect } from 'react';
import { getRuntimeConfig, type Product } from '@metrology/shared';
import { canonicalUrl, productJsonLd, scriptSafeJson } from './product-details';

/** Sets an attribute of a head element (creating it when missing); the returned function puts things back. */
function setHeadElement(selector: string, create: () => HTMLElement, attribute: string, value: string) {
  const existing = document.head.querySelector<HTMLElement>(selector);
  if (existing) {
    const previous = existing.getAttribute(attribute);
    existing.setAttribute(attribute, value);
    return () => {
      if (previous === null) existing.removeAttribute(attribute);
      else existing.setAttribute(attribute, previous);
    };
  }
  const element = create();
  element.setAttribute(attribute, value);
  document.head.appendChild(element);
  return () => element.remove();
}

/**
 * The product page's head: title (name plus company), meta description, canonical link and Product JSON-LD.
 * Everything is put back when the page is left or shows another product.
 */
export function useProductHead(product: Product | undefined, fallbackTitle: string): void {
  useEffect(() => {
    const previousTitle = document.title;
    if (!product) {
      document.title = fallbackTitle;
      return () => {
        document.title = previousTitle;
      };
    }
    document.title = product.company ? `${product.name} | ${product.company}` : product.name;
    const url = canonicalUrl(getRuntimeConfig().siteOrigin, product);
    const restoreDescription = setHeadElement(
      'meta[name="description"]',
      () => Object.assign(document.createElement('meta'), { name: 'description' }),
      'content',
      product.description,
    );
    const restoreCanonical = setHeadElement(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
      'href',
      url,
    );
    const jsonLd = document.createElement('script');
    jsonLd.type = 'application/ld+json';
    jsonLd.dataset.catalog = 'product';
    jsonLd.textContent = scriptSafeJson(productJsonLd(product, url));
    document.head.appendChild(jsonLd);
    return () => {
      document.title = previousTitle;
      restoreDescription();
      restoreCanonical();
      jsonLd.remove();
    };
  }, [product, fallbackTitle]);
}
