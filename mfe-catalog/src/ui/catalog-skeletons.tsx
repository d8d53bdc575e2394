import { Skeleton, SkeletonBlock } from '@metrology/shared';

/** A product card's shape: image, name, model, price. */
function CardShape() {
  return (
    <li className="catalog-card catalog-skeleton-card">
      <SkeletonBlock height={140} />
      <SkeletonBlock width="80%" height={16} />
      <SkeletonBlock width="45%" height={14} />
      <SkeletonBlock width="35%" height={18} />
    </li>
  );
}

/** The products list while it loads: a company heading over a grid of cards. */
export function ProductsSkeleton({ label = 'Loading products' }: { label?: string }) {
  return (
    <Skeleton label={label} className="catalog-skeleton">
      <SkeletonBlock width={160} height={26} className="catalog-skeleton__heading" />
      <ul className="ms-product-grid catalog-grid">
        {Array.from({ length: 8 }, (_, n) => (
          <CardShape key={n} />
        ))}
      </ul>
    </Skeleton>
  );
}

/** A product page while it loads: gallery beside name, price and actions. */
export function ProductSkeleton() {
  return (
    <Skeleton label="Loading product" className="catalog-skeleton">
      <SkeletonBlock width="45%" height={14} className="catalog-skeleton__heading" />
      <div className="ms-split catalog-product__layout">
        <SkeletonBlock height={320} />
        <div className="catalog-skeleton__info">
          <SkeletonBlock width="30%" height={14} />
          <SkeletonBlock width="85%" height={30} />
          <SkeletonBlock width="40%" height={16} />
          <SkeletonBlock width="35%" height={28} />
          <SkeletonBlock width="60%" height={44} />
          <SkeletonBlock height={80} />
        </div>
      </div>
    </Skeleton>
  );
}
