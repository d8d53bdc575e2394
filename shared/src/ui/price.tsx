import { formatPrice } from '../rules/price.js';

/** A product price per SPEC section 9, with the struck-through mrp when it is higher. */
export function Price({ price, mrp }: { price: number; mrp?: number }) {
  return (
    <span className="ms-price">
      <span className="ms-price__now">{formatPrice(price)}</span>
      {mrp !== undefined && price > 0 && mrp > price ? (
        <s className="ms-price__mrp" aria-label={`was ${formatPrice(mrp)}`}>
          {formatPrice(mrp)}
        </s>
      ) : null}
    </span>
  );
}
