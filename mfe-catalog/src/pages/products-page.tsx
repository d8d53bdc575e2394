import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  COMPANIES,
  Spinner,
  TESPA_CATEGORIES,
  errorMessage,
  useGetProductListQuery,
  usePageTitle,
} from '@metrology/shared';
import { ProductCard } from '../products/product-card';
import { emptyMessage, groupProducts } from '../products/group-products';
import '../styles/catalog.css';

export default function ProductsPage() {
  usePageTitle('Products');
  const [params, setParams] = useSearchParams();
  const company = params.get('company') ?? '';
  const category = company === 'Tespa' ? (params.get('category') ?? '') : '';
  const [search, setSearch] = useState('');
  const { data: products, isLoading, error } = useGetProductListQuery();
  const ids = { search: useId(), company: useId(), category: useId() };

  const groups = useMemo(
    () => groupProducts(products ?? [], { search, company, category }),
    [products, search, company, category],
  );

  const setFilter = (key: 'company' | 'category', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key === 'company' && value !== 'Tespa') next.delete('category');
    setParams(next);
  };

  const clear = () => {
    setSearch('');
    setParams(new URLSearchParams());
  };

  return (
    <div className="ms-page catalog-products">
      <h1>{company ? `${company} Products` : 'Our Products'}</h1>
      <form className="catalog-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="ms-field">
          <label htmlFor={ids.search}>Search products</label>
          <input
            id={ids.search}
            className="ms-input"
            type="search"
            value={search}
            placeholder="Search by name or model"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="ms-field">
          <label htmlFor={ids.company}>Company</label>
          <select
            id={ids.company}
            className="ms-select"
            value={company}
            onChange={(event) => setFilter('company', event.target.value)}
          >
            <option value="">All companies</option>
            {COMPANIES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        {company === 'Tespa' ? (
          <div className="ms-field">
            <label htmlFor={ids.category}>Category</label>
            <select
              id={ids.category}
              className="ms-select"
              value={category}
              onChange={(event) => setFilter('category', event.target.value)}
            >
              <option value="">All categories</option>
              {TESPA_CATEGORIES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="button" className="ms-button ms-button--ghost catalog-filters__clear" onClick={clear}>
          Clear
        </button>
      </form>

      {isLoading ? (
        <Spinner label="Loading products" />
      ) : error ? (
        <p role="alert" className="catalog-error">
          {errorMessage(error, 'Failed to load products')}
        </p>
      ) : groups.length === 0 ? (
        <div className="catalog-empty">
          <p>{emptyMessage({ search, company, category })}</p>
          <button type="button" className="ms-button" onClick={clear}>
            Clear filters
          </button>
        </div>
      ) : (
        groups.map((group) => (
          <section
            key={group.company}
            className="catalog-company"
            aria-labelledby={`company-${group.company}`}
          >
            <h2 id={`company-${group.company}`}>{group.company}</h2>
            {group.categories.map((section) => (
              <section key={section.category} className="catalog-category">
                <h3>{section.category}</h3>
                <ul className="catalog-grid">
                  {section.products.map((product) => (
                    <ProductCard key={product._id} product={product} />
                  ))}
                </ul>
              </section>
            ))}
          </section>
        ))
      )}
    </div>
  );
}
