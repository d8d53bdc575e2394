import { useState } from 'react';
import { Price, addToCart, notify, useAppDispatch, type Product } from '@metrology/shared';
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
      if (stands) notify.success('Item Added to Cart', { link: { label: 'View cart', to: '/cart' } });
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="catalog-purchase">
      <div className="catalog-purchase__price">
        <Price price={product.price} mrp={product.mrp} />
      </div>
      <div className="catalog-purchase__actions">
        <QuantityStepper className="catalog-stepper" value={quantity} onChange={setQuantity} />
        <button
          type="button"
          className="ms-button catalog-purchase__add"
          data-main-action
          disabled={adding}
          onClick={() => void add()}
        >
          Add to Cart
        </button>
      </div>
    </div>
  );
}
