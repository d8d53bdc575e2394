import { useEffect, useId, useRef, useState } from 'react';
import { LoadError, Spinner, errorMessage } from '@metrology/shared';
import { groupSearchArgs } from '../endpoints/get-product-groups';
import { useSearchProductsInfiniteQuery } from '../endpoints/search-products';
import { GROUP_PAGE_SIZE, type CategoryGroup } from './group-products';
import { ProductCard } from './product-card';

const count = new Intl.NumberFormat('en-US');

/**
 * True once the element comes near the viewport (at once where IntersectionObserver is missing). Starts as the
 * server renders it: only the groups above the fold load there.
 */
function useNearViewport(start: boolean) {
  const ref = useRef<HTMLElement>(null);
  const [near, setNear] = useState(start);
  useEffect(() => {
    const node = ref.current;
    if (near || !node) return;
    if (typeof IntersectionObserver === 'undefined') {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- no observer: everything counts as near, once mounted
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/**
 * One category of one company: its first page (with the page when above the fold, else once scrolled near),
 * then "Show more" one page at a time.
 */
export function CategoryGroupSection({
  group,
  search,
  eagerImages = 0,
}: {
  group: CategoryGroup;
  search: string;
  /** How many of its first cards are above the fold (the first page's first group): their images load at once. */
  eagerImages?: number;
}) {
  const headingId = useId();
  const [ref, near] = useNearViewport(group.eager);
  const { data, error, isError, isLoading, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } =
    useSearchProductsInfiniteQuery(groupSearchArgs(search, group), { skip: !near });
  const products = data?.pages.flatMap((page) => page.products) ?? [];
  const total = data?.pages[0]?.total ?? group.count;

  return (
    // Named with its company too: the same category under two companies is two distinct landmarks.
    <section ref={ref} className="catalog-category" aria-label={`${group.category}, ${group.company}`}>
      <h3 id={headingId}>{group.category}</h3>
      {isError && products.length === 0 ? (
        <LoadError
          className="catalog-error"
          variant="ghost"
          message={errorMessage(error, 'Failed to load products')}
          onRetry={() => void refetch()}
        />
      ) : !near || isLoading ? (
        <div className="catalog-category__pending">
          {near ? <Spinner label={`Loading ${group.category}`} /> : null}
          {/* Without JavaScript a group below the fold never loads here: its own filtered page does. */}
          <noscript>
            <a
              href={`/products?${new URLSearchParams({ company: group.company, category: group.category }).toString()}`}
            >
              See the {count.format(group.count)} {group.category} products of {group.company}
            </a>
          </noscript>
        </div>
      ) : (
        <ul className="ms-product-grid catalog-grid">
          {products.map((product, index) => (
            <ProductCard
              key={product._id}
              product={product}
              image={index >= eagerImages ? 'lazy' : index === 0 ? 'lcp' : 'eager'}
            />
          ))}
        </ul>
      )}
      {products.length > 0 && total > GROUP_PAGE_SIZE ? (
        <div className="catalog-more">
          <p className="catalog-more__count">
            Showing {count.format(products.length)} of {count.format(total)}
          </p>
          {hasNextPage ? (
            <button
              type="button"
              className="ms-button ms-button--ghost"
              onClick={() => void fetchNextPage()}
              disabled={isFetchingNextPage}
            >
              {isFetchingNextPage ? 'Loading...' : 'Show more'}
              <span className="ms-visually-hidden">
                {' '}
                {group.company} {group.category}
              </span>
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
