import { useMemo } from 'react';
import {
  cartAmount,
  selectCartItems,
  selectCartStatus,
  useAppSelector,
  type ApiError,
  type Product,
} from '@metrology/shared';
import { cartProductsKey, useGetCartProductsQuery } from '../../endpoints/get-cart-products';

/** A cart entry joined with its product. */
export interface CartLine {
  product: Product;
  quantity: number;
  /** price x quantity */
  total: number;
}

export interface CartLines {
  /** The cart or its products are still on their way. */
  loading: boolean;
  /** The products could not be loaded. */
  error: ApiError | undefined;
  retry: () => void;
  lines: CartLine[];
  /** Ids in the cart that the catalogue no longer has. */
  missingIds: string[];
  /** Sum of positive quantities (SPEC section 9). */
  count: number;
  /** Price x quantity of the items that exist in the product list (SPEC section 9). */
  subtotal: number;
}

/** The cart in the store plus the product data for its ids, in the order the items were added. */
export function useCartLines(): CartLines {
  const items = useAppSelector(selectCartItems);
  const status = useAppSelector(selectCartStatus);
  const ids = useMemo(() => Object.keys(items).filter((id) => (items[id] ?? 0) > 0), [items]);
  const key = cartProductsKey(ids);
  const asked = useMemo(() => new Set(key.split(',')), [key]);
  const query = useGetCartProductsQuery(key, { skip: key === '' });
  // While another id set loads, the previous answer still describes every id that remains.
  const products = query.data;

  return useMemo(() => {
    const byId = new Map((products ?? []).map((product) => [product._id, product]));
    const lines: CartLine[] = [];
    const missingIds: string[] = [];
    for (const id of ids) {
      const quantity = items[id] ?? 0;
      const product = byId.get(id);
      if (product) lines.push({ product, quantity, total: Math.round(product.price * quantity * 100) / 100 });
      else if (!asked.has(id) || (query.isSuccess && !query.isFetching)) missingIds.push(id);
    }
    const waitingForProducts = key !== '' && !products && !query.isError;
    return {
      // The server's render from the cart cookie shows that cart (JavaScript off, the first paint).
      loading: (status !== 'ready' && status !== 'cookie') || waitingForProducts,
      error: query.isError && !products ? (query.error as ApiError) : undefined,
      retry: () => void query.refetch(),
      lines,
      missingIds,
      count: ids.reduce((sum, id) => sum + (items[id] ?? 0), 0),
      subtotal: cartAmount(items, byId),
    };
  }, [asked, ids, items, key, products, query, status]);
}
