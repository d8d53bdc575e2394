import { Skeleton, SkeletonBlock } from '@metrology/shared';

/** An item card's shape: image, name, facts. */
function ItemCardShape() {
  return (
    <div className="commerce-order commerce-skeleton-card">
      <SkeletonBlock width={88} height={88} />
      <div className="commerce-order__body">
        <SkeletonBlock width="55%" height={20} />
        <div className="commerce-skeleton-facts">
          {[0, 1, 2, 3].map((n) => (
            <SkeletonBlock key={n} width="70%" height={14} />
          ))}
        </div>
      </div>
    </div>
  );
}

/** /orders while the orders load: two orders with their item cards. */
export function OrdersSkeleton() {
  return (
    <Skeleton label="Loading your orders" className="commerce-skeleton">
      {[0, 1].map((n) => (
        <div key={n} className="commerce-order-group">
          <div className="commerce-order-group__head">
            <SkeletonBlock width={180} height={24} />
            <SkeletonBlock width={110} height={24} />
          </div>
          <ItemCardShape />
        </div>
      ))}
    </Skeleton>
  );
}

/** An order's page while it loads: the summary beside the item cards. */
export function OrderSkeleton() {
  return (
    <Skeleton label="Loading your order" className="commerce-skeleton">
      <SkeletonBlock width="40%" height={18} />
      <div className="ms-split commerce-receipt__layout">
        <div className="commerce-receipt__main">
          <ItemCardShape />
          <ItemCardShape />
        </div>
        <div className="commerce-receipt__side commerce-summary">
          {[0, 1, 2, 3].map((n) => (
            <SkeletonBlock key={n} height={18} />
          ))}
        </div>
      </div>
    </Skeleton>
  );
}
