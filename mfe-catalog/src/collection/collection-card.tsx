import { Link } from 'react-router-dom';
import {
  ProductImage,
  formatPrice,
  selectIsIndianUser,
  useAppSelector,
  type Product,
} from '@metrology/shared';
import { useProductLink } from '../products/product-card';
import { showsCardPrice } from './collection-filters';

/** A collection card (SPEC): image and name; currency and price for non-Indian users when above 0. */
export function CollectionCard({ product }: { product: Product }) {
  const isIndianUser = useAppSelector(selectIsIndianUser);
  const link = useProductLink(product);
  return (
    <li className="catalog-card">
      <Link {...link} className="catalog-card__link">
        <ProductImage
          src={product.image[0]}
          // The name follows as text in the same link; repeating it as alt reads it twice.
          alt=""
          width={320}
          height={240}
          className="catalog-card__image"
        />
        <span className="catalog-card__name">{product.name}</span>
        {showsCardPrice(product, isIndianUser) ? (
          <span className="ms-price">
            <span className="ms-price__now">{formatPrice(product.price)}</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}
