import { Link } from 'react-router-dom';
import {
  Price,
  ProductImage,
  selectIsIndianUser,
  useAppDispatch,
  useAppSelector,
  type Product,
} from '@metrology/shared';
import { productApi } from '../endpoints/get-product';

/** The address of a product's page (SPEC: /product/{slug or id}). */
export function productPath(product: Pick<Product, 'slug' | '_id'>): string {
  return `/product/${encodeURIComponent(product.slug || product._id)}`;
}

/** Opening a product from a list needs no wait: the list already has it, so it goes into the page's cache. */
export function useProductLink(product: Product) {
  const dispatch = useAppDispatch();
  return {
    to: productPath(product),
    onClick: () => {
      void dispatch(
        productApi.util.upsertQueryData('getProductBySlug', product.slug || product._id, product),
      );
    },
  };
}

/** A product on the products page: image, name, model and (not for Indian users) the price; links to its page. */
export function ProductCard({ product }: { product: Product }) {
  const isIndianUser = useAppSelector(selectIsIndianUser);
  const link = useProductLink(product);
  return (
    <li className="catalog-card">
      <Link {...link} className="catalog-card__link">
        <ProductImage
          src={product.image[0]}
          alt={product.name}
          width={320}
          height={240}
          className="catalog-card__image"
        />
        <span className="catalog-card__name">{product.name}</span>
        {product.model ? <span className="catalog-card__model">Model {product.model}</span> : null}
        {isIndianUser ? (
          <span className="catalog-card__enquire">Send Enquiry</span>
        ) : (
          <Price price={product.price} mrp={product.mrp} />
        )}
      </Link>
    </li>
  );
}
