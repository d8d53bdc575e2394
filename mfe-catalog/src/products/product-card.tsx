import { Link } from 'react-router-dom';
import { Price, ProductImage, selectIsIndianUser, useAppSelector, type Product } from '@metrology/shared';

/** A product in a list: image, name, model and (not for Indian users) the price; links to its page. */
export function ProductCard({ product }: { product: Product }) {
  const isIndianUser = useAppSelector(selectIsIndianUser);
  return (
    <li className="catalog-card">
      <Link to={`/product/${product.slug || product._id}`} className="catalog-card__link">
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
