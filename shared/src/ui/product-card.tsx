import type { ReactNode } from 'react';
import { Link } from '@metrology/shared/router';
import { formatPrice } from '../rules/price.js';
import { selectIsIndianUser } from '../store/geo-slice.js';
import { useAppSelector } from '../store/hooks.js';
import type { Product } from '../types/entities.js';
import { Price } from './price.js';
import { ProductImage } from './product-image.js';
import { productPath } from './product-url.js';

export interface ProductCardProps {
  product: Product;
  /** The section's class stem: `${className}` (the li), `__link`, `__image`, `__name`, `__model`. */
  className: string;
  /**
   * The image's alt: the product's name, or none when the name beside it in the same link says it already.
   */
  imageAlt?: 'name' | 'none';
  /** Show "Model {model}" under the name. */
  showModel?: boolean;
  /**
   * How the price shows (never to Indian users, SPEC section 9): 'with-mrp' the price with the struck-through
   * mrp when higher; 'above-zero' the price alone, and nothing when it is 0 (price on request).
   */
  price?: 'with-mrp' | 'above-zero';
  /** What Indian users see instead of the price (default nothing). */
  indianNote?: ReactNode;
  /** Called as the link is followed (e.g. to put the product into the page's cache). */
  onOpen?: (product: Product) => void;
  /**
   * How its image loads: 'lazy' below the fold (the default), 'eager' above it, 'lcp' for the page's largest
   * image (eager, fetched first, painted as it arrives).
   */
  image?: 'lazy' | 'eager' | 'lcp';
}

/** A product in a list: image, name, (model,) and the price by the Indian-user rule; links to its page. */
export function ProductCard({
  product,
  className,
  imageAlt = 'name',
  showModel = true,
  price = 'with-mrp',
  indianNote = null,
  onOpen,
  image = 'lazy',
}: ProductCardProps) {
  const isIndianUser = useAppSelector(selectIsIndianUser);
  let shownPrice: ReactNode = null;
  if (isIndianUser) shownPrice = indianNote;
  else if (price === 'with-mrp') shownPrice = <Price price={product.price} mrp={product.mrp} />;
  else if (product.price > 0)
    shownPrice = (
      <span className="ms-price">
        <span className="ms-price__now">{formatPrice(product.price)}</span>
      </span>
    );
  return (
    <li className={className}>
      <Link
        to={productPath(product)}
        className={`${className}__link`}
        {...(onOpen ? { onClick: () => onOpen(product) } : {})}
      >
        <ProductImage
          src={product.image[0]}
          alt={imageAlt === 'name' ? product.name : ''}
          width={320}
          height={240}
          className={`ms-card-image ${className}__image`}
          {...(image === 'lazy'
            ? {}
            : {
                loading: 'eager' as const,
                decoding: 'auto' as const,
                ...(image === 'lcp' ? { fetchPriority: 'high' as const } : {}),
              })}
        />
        <span className={`${className}__name`}>{product.name}</span>
        {showModel && product.model ? (
          <span className={`${className}__model`}>Model {product.model}</span>
        ) : null}
        {shownPrice}
      </Link>
    </li>
  );
}
