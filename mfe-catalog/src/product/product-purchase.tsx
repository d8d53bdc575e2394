import { useState } from 'react';
import {
  ITEM_ADDED,
  Price,
  VIEW_CART,
  addToCart,
  notify,
  productPath,
  useAppDispatch,
  type Product,
} from '@metrology/shared';
import { QuantityStepper } from '@metrology/shared/controls';

/** Price, quantity and Add to Cart for shoppers outside India (SPEC Product detail). */
export function ProductPurchase({ product }: { product: Product }) {
  const dispatch = useAppDispatch();
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);

  const add = async () => {
    setAdding(true);
    try {
      // The shared cart: the header badge and the cart page see it at once; synced when logged in.
      const stands = await dispatch(addToCart(product._id, quantity));
      if (stands) notify.success(ITEM_ADDED, { link: VIEW_CART });
    } finally {
      setAdding(false);
    }
  };

  return (
    // A post form the site server answers (data-native): before hydration the page's early-input script lets the
    // browser send it, as with JavaScript off; once live, the store adds.
    <form
      className="catalog-purchase"
      method="post"
      action="/cart"
      data-native
      onSubmit={(event) => {
        event.preventDefault();
        if (!adding) void add();
      }}
    >
      <input type="hidden" name="op" value="add" />
      <input type="hidden" name="id" value={product._id} />
      <input type="hidden" name="return" value={productPath(product)} />
      <div className="catalog-purchase__price">
        <Price price={product.price} mrp={product.mrp} />
      </div>
      <div className="catalog-purchase__actions">
        <QuantityStepper
          className="catalog-stepper"
          name="quantity"
          value={quantity}
          onChange={setQuantity}
        />
        <button type="submit" className="ms-button catalog-purchase__add" data-main-action disabled={adding}>
          Add to Cart
        </button>
      </div>
    </form>
  );
}
