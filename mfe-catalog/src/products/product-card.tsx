import { useCallback } from 'react';
import { ProductCard as KitProductCard, useAppDispatch, type Product } from '@metrology/shared';
import { productApi } from '../endpoints/get-product';

/** Opening a product from a list needs no wait: the list already has it, so it goes into the page's cache. */
export function useOpenProduct(): (product: Product) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    (product: Product) => {
      void dispatch(
        productApi.util.upsertQueryData('getProductBySlug', product.slug || product._id, product),
      );
    },
    [dispatch],
  );
}

/** A product on the products page: image, name, model and (not for Indian users) the price; links to its page. */
export function ProductCard({
  product,
  image = 'lazy',
}: {
  product: Product;
  /** How its image loads (the kit card's): the first cards of the page are above the fold. */
  image?: 'lazy' | 'eager' | 'lcp';
}) {
  const open = useOpenProduct();
  return (
    <KitProductCard
      product={product}
      image={image}
      className="catalog-card"
      indianNote={<span className="catalog-card__enquire">Send Enquiry</span>}
      onOpen={open}
    />
  );
}
