import {
  assetUrl,
  getRuntimeConfig,
  productPath,
  selectIsIndianUser,
  useAppSelector,
  usePageHead,
  type PageHead,
  type Product,
} from '@metrology/shared';
import { canonicalUrl, productJsonLd } from './product-details';

/** The description of a product page: the product's own, or one made of its name and company. */
function productDescription(product: Product): string {
  const own = product.description.trim();
  if (own) return own;
  return product.company ? `${product.name} by ${product.company}.` : `${product.name}.`;
}

/**
 * The product page's head (SPEC Product detail): title (name plus company), meta description, canonical
 * /product/{slug}, og:image and schema.org Product JSON-LD. Indian users see no prices, so their JSON-LD
 * carries no offer. Until the product is there (loading, not found) the fallback head is used.
 * The page head puts everything back when the page is left or shows another product.
 */
export function useProductHead(product: Product | undefined, fallback: PageHead): void {
  const indian = useAppSelector(selectIsIndianUser);
  let head: PageHead = { ...fallback, bareTitle: true };
  if (product) {
    const jsonLd = productJsonLd(product, canonicalUrl(getRuntimeConfig().siteOrigin, product));
    if (indian) delete jsonLd.offers;
    head = {
      title: product.company ? `${product.name} | ${product.company}` : product.name,
      bareTitle: true,
      description: productDescription(product),
      canonicalPath: productPath(product),
      imageUrl: assetUrl(product.image[0]) || undefined,
      type: 'product',
      jsonLd,
    };
  }
  usePageHead(head);
}
