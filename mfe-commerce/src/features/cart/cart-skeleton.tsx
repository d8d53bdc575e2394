import { Skeleton, SkeletonBlock } from '@metrology/shared';

/** The cart while it loads: rows (image, name, stepper, total) beside the order summary. */
export function CartSkeleton() {
  return (
    <Skeleton label="Loading your cart" className="commerce-skeleton">
      <div className="commerce-cart__layout">
        <div className="commerce-cart__items">
          {[0, 1].map((n) => (
            <div key={n} className="commerce-skeleton-line">
              <SkeletonBlock width={96} height={96} />
              <div style={{ flex: 1, display: 'grid', gap: 10 }}>
                <SkeletonBlock width="60%" height={20} />
                <SkeletonBlock width="35%" height={14} />
                <SkeletonBlock width={120} height={36} />
              </div>
            </div>
          ))}
        </div>
        <div className="commerce-summary">
          {[0, 1, 2, 3].map((n) => (
            <SkeletonBlock key={n} height={18} />
          ))}
          <SkeletonBlock height={44} />
        </div>
      </div>
    </Skeleton>
  );
}
