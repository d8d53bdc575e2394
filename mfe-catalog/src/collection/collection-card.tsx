import { ProductCard, type Product } from '@metrology/shared';
import { useOpenProduct } from '../products/product-card';

/** A collection card (SPEC): image and name; currency and price for non-Indian users when above 0. */
export function CollectionCard({
  product,
  image = 'lazy',
}: {
  product: Product;
  /** How its image loads: the first cards of the list are above the fold. */
  image?: 'lazy' | 'eager' | 'lcp';
}) {
  const open = useOpenProduct();
  return (
    // The name follows as text in the same link; repeating it as alt would read it twice.
    <ProductCard
      product={product}
      className="catalog-card"
      imageAlt="none"
      showModel={false}
      price="above-zero"
      onOpen={open}
      image={image}
    />
  );
}
