import { useId } from 'react';
import { useGetRelatedProductsQuery } from '../endpoints/get-product';
import { ProductCard } from '../products/product-card';

/** Up to 5 products of the same category, sharing the company (or the subCategory when there is none). */
export function RelatedProducts({ slug }: { slug: string }) {
  const headingId = useId();
  const { data: products } = useGetRelatedProductsQuery(slug);
  if (!products || products.length === 0) return null;
  return (
    <section className="catalog-related" aria-labelledby={headingId}>
      <h2 id={headingId}>Related Products</h2>
      <ul className="ms-product-grid catalog-grid catalog-grid--related">
        {products.map((product) => (
          <ProductCard key={product._id} product={product} />
        ))}
      </ul>
    </section>
  );
}
