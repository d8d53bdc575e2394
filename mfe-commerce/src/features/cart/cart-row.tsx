import { Link } from '@metrology/shared/router';
import { ProductImage, formatAmount, formatPrice, productPath } from '@metrology/shared';
import { QuantityStepper } from '@metrology/shared/controls';
import type { CartLine } from './use-cart-lines';

interface Props {
  line: CartLine;
  onQuantityChange: (itemId: string, quantity: number) => void;
}

/** One cart row: first image, name, model, unit price, stepper, line total, remove. */
export function CartRow({ line, onQuantityChange }: Props) {
  const { product, quantity, total } = line;
  const path = productPath(product);
  // The line's post form (data-native): its stepper and bin send it when no script handles them, before
  // hydration too (the site server changes the cart's copy and sends the shopper back here). Enter in the field
  // sends `set` with the typed quantity.
  const formId = `cart-line-${product._id}`;
  return (
    <li className="commerce-line" data-testid="cart-line">
      <form
        id={formId}
        method="post"
        action="/cart"
        data-native
        hidden
        onSubmit={(event) => event.preventDefault()}
      >
        <input type="hidden" name="id" value={product._id} />
        <input type="hidden" name="return" value="/cart" />
        <button type="submit" name="op" value="set" tabIndex={-1}>
          Update quantity of {product.name}
        </button>
      </form>
      <Link to={path} className="commerce-line__image" tabIndex={-1} aria-hidden="true">
        <ProductImage src={product.image[0]} alt="" width={96} height={96} />
      </Link>
      <div className="commerce-line__info">
        <h2 className="commerce-line__name">
          <Link to={path}>{product.name}</Link>
        </h2>
        {product.model ? <p className="commerce-line__model">Model: {product.model}</p> : null}
        <p className="commerce-line__price">
          <span className="commerce-line__label">Price: </span>
          {formatPrice(product.price)}
        </p>
      </div>
      <QuantityStepper
        className="commerce-stepper"
        productName={product.name}
        value={quantity}
        onChange={(next) => onQuantityChange(product._id, next)}
        name="quantity"
        form={formId}
      />
      <p className="commerce-line__total">
        <span className="commerce-line__label">Total: </span>
        <span data-testid="line-total">{formatAmount(total)}</span>
      </p>
      <button
        type="submit"
        form={formId}
        name="op"
        value="remove"
        className="commerce-line__remove"
        aria-label={`Remove ${product.name} from the cart`}
        onClick={(event) => {
          event.preventDefault();
          onQuantityChange(product._id, 0);
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z"
          />
        </svg>
      </button>
    </li>
  );
}
