import { useEffect } from 'react';
import { Link } from '@metrology/shared/router';
import {
  HOME_NEWEST_COUNT,
  ProductCard,
  errorMessage,
  notify,
  useGetProductListQuery,
  type Product,
} from '@metrology/shared';

const NEWEST_TESPA = { company: 'Tespa', sort: 'newest', limit: HOME_NEWEST_COUNT } as const;

/** Newest first by createdAt, whatever order the server sent. */
export function newestFirst(products: readonly Product[], count: number): Product[] {
  return [...products]
    .sort((a, b) => Date.parse(b.createdAt || '0') - Date.parse(a.createdAt || '0'))
    .slice(0, count);
}

/** The four newest Tespa products (SPEC section 9); Indian users see them without prices. */
export function NewestProducts() {
  const { data, isLoading, error } = useGetProductListQuery(NEWEST_TESPA);

  useEffect(() => {
    if (error) notify.error(errorMessage(error, 'The newest products could not be loaded.'));
  }, [error]);

  const products = newestFirst(data ?? [], HOME_NEWEST_COUNT);
  if (!isLoading && products.length === 0) return null;

  return (
    <section className="content-newest" aria-labelledby="content-newest-title" aria-busy={isLoading}>
      <div className="ms-container">
        <div className="content-section-head">
          <h2 id="content-newest-title">Latest Tespa Products</h2>
          <Link to="/products?company=Tespa">View all Tespa products</Link>
        </div>
        <ul className="ms-product-grid content-products">
          {isLoading
            ? Array.from({ length: HOME_NEWEST_COUNT }, (_, i) => (
                <li key={i} className="content-product content-product--placeholder" aria-hidden="true" />
              ))
            : products.map((product) => (
                <ProductCard key={product._id} product={product} className="content-product" />
              ))}
        </ul>
      </div>
    </section>
  );
}
