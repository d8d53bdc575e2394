import { useId, useState } from 'react';
import { Link, useParams } from '@metrology/shared/router';
import {
  HydrateWhenVisible,
  FactList,
  LoadError,
  errorMessage,
  isApiError,
  selectIsIndianUser,
  useAppSelector,
  type Product,
} from '@metrology/shared';
import { useGetProductBySlugQuery } from '../endpoints/get-product';
import { EnquiryDialog } from '../enquiry/enquiry-dialog';
import { deliveryTime, productPills, specHighlights } from '../product/product-details';
import { ProductGallery } from '../product/product-gallery';
import { ProductPurchase } from '../product/product-purchase';
import { ProductTabs } from '../product/product-tabs';
import { RelatedProducts } from '../product/related-products';
import { useProductHead } from '../product/use-product-head';
import { useFailureToast } from '../ui/use-failure-toast';
import { ProductSkeleton } from '../ui/catalog-skeletons';
import '../styles/catalog.css';

const NOT_FOUND_HEAD = {
  title: 'Product not found',
  description: 'We could not find a product at this address. It may have been renamed or withdrawn.',
};
const LOADING_HEAD = {
  title: 'Product details',
  description: 'Details, specifications and pricing of a precision measuring instrument.',
};

export default function ProductPage() {
  const { slug = '' } = useParams();
  const {
    data: product,
    error,
    isError,
    isFetching,
    refetch,
  } = useGetProductBySlugQuery(slug, { skip: !slug });
  const notFound = !slug || (isError && isApiError(error) && error.status === 404);
  const shown = product && (product.slug === slug || product._id === slug) ? product : undefined;
  useProductHead(shown, notFound ? NOT_FOUND_HEAD : LOADING_HEAD);
  useFailureToast(isError && !notFound ? error : undefined, 'Failed to load the product');

  if (notFound) {
    return (
      <div className="ms-page catalog-product catalog-product--missing">
        <h1>Product not found</h1>
        <p>We could not find a product at this address. It may have been renamed or withdrawn.</p>
        <Link to="/products" className="ms-button">
          Browse all products
        </Link>
      </div>
    );
  }
  if (isError && !shown) {
    return (
      <div className="ms-page catalog-product">
        <h1>Product details</h1>
        <LoadError
          className="catalog-error"
          message={errorMessage(error, 'Failed to load the product')}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </div>
    );
  }
  if (!shown) {
    return (
      <div className="ms-page catalog-product">
        <ProductSkeleton />
      </div>
    );
  }
  return <ProductDetail key={shown._id} product={shown} />;
}

function ProductDetail({ product }: { product: Product }) {
  const isIndianUser = useAppSelector(selectIsIndianUser);
  const [enquiring, setEnquiring] = useState(false);
  const highlightsId = useId();
  const highlights = specHighlights(product);
  const pills = productPills(product);

  const enquireButton = (
    <button type="button" className="ms-button catalog-enquire" onClick={() => setEnquiring(true)}>
      Send Enquiry
    </button>
  );

  return (
    <div className="ms-page catalog-product">
      <nav aria-label="Breadcrumb" className="catalog-breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/products">Products</Link>
          </li>
          <li>
            <span aria-current="page">{product.name}</span>
          </li>
        </ol>
      </nav>

      <div className="ms-split catalog-product__layout">
        <ProductGallery images={product.image} name={product.name} />

        <div className="catalog-product__info">
          {product.company ? <p className="catalog-product__company">{product.company}</p> : null}
          <h1 className="catalog-product__name">{product.name}</h1>
          {product.model ? <p className="catalog-product__model">Model: {product.model}</p> : null}

          {isIndianUser ? (
            enquireButton
          ) : product.price > 0 ? (
            <ProductPurchase product={product} />
          ) : (
            <div className="catalog-purchase">
              <p className="catalog-purchase__enquire">Please enquire for pricing information</p>
              {enquireButton}
            </div>
          )}

          {highlights.length > 0 ? (
            <section className="catalog-highlights" aria-labelledby={highlightsId}>
              <h2 id={highlightsId} className="ms-visually-hidden">
                Key specifications
              </h2>
              <FactList
                facts={highlights.map((item) => ({ term: item.label, detail: item.value }))}
                itemClassName="catalog-highlights__item"
              />
            </section>
          ) : null}

          {pills.length > 0 ? (
            <ul className="catalog-pills" aria-label="Business type and certification">
              {pills.map((pill) => (
                <li key={pill} className="catalog-pill">
                  {pill}
                </li>
              ))}
            </ul>
          ) : null}

          <p className="catalog-delivery">
            <strong>Delivery Time:</strong> {deliveryTime(product)}
          </p>
        </div>
      </div>

      <ProductTabs product={product} />
      {/* Below the fold: its HTML is served, its hydration waits until it comes near the viewport. */}
      <HydrateWhenVisible name="related-products">
        <RelatedProducts slug={product.slug || product._id} />
      </HydrateWhenVisible>

      <EnquiryDialog
        open={enquiring}
        onClose={() => setEnquiring(false)}
        productId={product._id}
        productName={product.name}
      />
    </div>
  );
}
