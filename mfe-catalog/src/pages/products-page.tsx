import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, type FormEvent } from 'react';
import { useSearchParams } from '@metrology/shared/router';
import {
  LoadError,
  COMPANIES,
  Select,
  TESPA_CATEGORIES,
  changedBeforeLive,
  errorMessage,
  useFieldFollowing,
  usePageHead,
  type PageField,
} from '@metrology/shared';
import { useGetProductGroupsQuery } from '../endpoints/get-product-groups';
import { CategoryGroupSection } from '../products/category-group-section';
import { emptyMessage, type CompanyGroup, type ProductFilters } from '../products/group-products';
import { readProductFilters, writeProductFilters } from '../products/product-filters';
import { useFailureToast } from '../ui/use-failure-toast';
import { ProductsSkeleton } from '../ui/catalog-skeletons';
import '../styles/catalog.css';

/** Typing waits this long before the search goes into the URL and to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

const count = new Intl.NumberFormat('en-US');

/** The canonical address of a products view: /products with its company and category, never the search. */
function productsPath(company: string, category: string): string {
  const query = writeProductFilters({ search: '', company, category }).toString();
  return query ? `/products?${query}` : '/products';
}

export default function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const filters = readProductFilters(params);
  const { company, category } = filters;
  usePageHead({
    title: company ? `${company} Products` : 'Products',
    description: company
      ? `${company} precision measuring instruments${category ? ` (${category})` : ''}: models, specifications and prices.`
      : 'Precision measuring instruments from Tespa, Inprocess Gauging, Sylvac, Mahr and SCANTECH 3D, grouped by company and category.',
    canonicalPath: productsPath(company, category),
  });
  const ids = { search: useId(), company: useId(), category: useId(), status: useId() };

  // The fields keep what is typed and chosen (uncontrolled): nothing a render does puts an old value back, and
  // what the shopper did before the page was live is still there once it is. The search goes into the URL (and
  // to the server) after a pause; when the URL changes from outside (back/forward, Clear, a link), the fields
  // follow it.
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A search waiting for its pause gives way to a URL changed from outside, and to leaving the page.
  const [searchRef, sendingSearch] = useFieldFollowing<HTMLInputElement>(filters.search, () =>
    clearTimeout(pending.current),
  );
  const [companyRef] = useFieldFollowing<HTMLSelectElement>(company);
  const [categoryRef] = useFieldFollowing<HTMLSelectElement>(category);
  useEffect(() => () => clearTimeout(pending.current), []);
  const typedSearch = () => searchRef.current?.value ?? filters.search;
  const sendSearch = (text: string) => {
    clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      sendingSearch(text);
      setParams((current) => writeProductFilters({ ...readProductFilters(current), search: text }), {
        replace: true,
      });
    }, SEARCH_DEBOUNCE_MS);
  };
  const setFilters = (next: ProductFilters) => {
    clearTimeout(pending.current);
    setParams(writeProductFilters(next));
  };
  const setFilter = (key: 'company' | 'category', value: string) => {
    const next = { ...filters, search: typedSearch(), [key]: value };
    if (key === 'company' && value !== 'Tespa') next.category = '';
    setFilters(next);
  };

  // What the shopper typed or chose before the page was live counts once it is, as their edits would have.
  const takeEarly = useEffectEvent(() => {
    // A change the page has already applied (its event came in the moment between hydration and this effect, and
    // went through onChange) is not applied a second time: that would add a second history entry for it.
    const early = (field: PageField | null, current: string) =>
      field && changedBeforeLive(field) && field.value !== current ? field.value : null;
    const typed = early(searchRef.current, filters.search);
    const chosenCompany = early(companyRef.current, filters.company);
    const chosenCategory = early(categoryRef.current, filters.category);
    if (chosenCompany === null && chosenCategory === null) {
      if (typed !== null) sendSearch(typed);
      return;
    }
    const next = { ...filters, search: typed ?? filters.search };
    if (chosenCompany !== null) next.company = chosenCompany;
    if (chosenCategory !== null) next.category = chosenCategory;
    if (next.company !== 'Tespa') next.category = '';
    setFilters(next);
  });
  // In the commit that hydrates the page, before the browser can hand it any event: a change made after it goes
  // through onChange, one made before it is taken here, and none is taken twice.
  useLayoutEffect(() => takeEarly(), []);

  const search = filters.search.trim();
  const { data, currentData, isFetching, isLoading, error, refetch } = useGetProductGroupsQuery({
    q: search,
    company,
    category,
  });
  // While new filters load, the previous results stay (dimmed) instead of a blank page.
  const groups = currentData ?? data;
  useFailureToast(error);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    const typed = typedSearch();
    if (typed !== filters.search) setFilters({ ...filters, search: typed });
  };

  const clear = () => setFilters({ search: '', company: '', category: '' });

  const companyOptions =
    company && !COMPANIES.includes(company as never) ? [...COMPANIES, company] : COMPANIES;

  return (
    <div className="ms-page catalog-products">
      <h1>{company ? `${company} Products` : 'Our Products'}</h1>
      <form className="catalog-filters" role="search" aria-label="Products" onSubmit={submitSearch}>
        <div className="ms-field">
          <label htmlFor={ids.search}>Search products</label>
          <input
            id={ids.search}
            className="ms-input"
            type="search"
            ref={searchRef}
            defaultValue={filters.search}
            placeholder="Search by name or model"
            autoComplete="off"
            onChange={(event) => sendSearch(event.target.value)}
          />
        </div>
        <div className="ms-field">
          <label htmlFor={ids.company}>Company</label>
          <Select
            id={ids.company}
            ref={companyRef}
            defaultValue={company}
            onChange={(event) => setFilter('company', event.target.value)}
            emptyLabel="All companies"
            options={companyOptions}
          />
        </div>
        {company === 'Tespa' ? (
          <div className="ms-field">
            <label htmlFor={ids.category}>Category</label>
            <Select
              id={ids.category}
              ref={categoryRef}
              defaultValue={category}
              onChange={(event) => setFilter('category', event.target.value)}
              emptyLabel="All categories"
              options={TESPA_CATEGORIES}
            />
          </div>
        ) : null}
        <button type="button" className="ms-button ms-button--ghost catalog-filters__clear" onClick={clear}>
          Clear
        </button>
      </form>

      <p id={ids.status} className="catalog-results-count" role="status">
        {groups && !isFetching
          ? `${count.format(groups.total)} ${groups.total === 1 ? 'product' : 'products'}`
          : ''}
      </p>

      {isLoading ? (
        <ProductsSkeleton />
      ) : error && !groups ? (
        <LoadError
          className="catalog-error"
          message={errorMessage(error, 'Failed to load products')}
          onRetry={() => void refetch()}
        />
      ) : groups && groups.companies.length === 0 && !isFetching ? (
        <div className="catalog-empty">
          <p>{emptyMessage({ search, company, category })}</p>
          <button type="button" className="ms-button" onClick={clear}>
            Clear filters
          </button>
        </div>
      ) : (
        <div className="catalog-results" aria-busy={isFetching} data-stale={isFetching || undefined}>
          {groups?.companies.map((group, index) => (
            <CompanySection key={group.company} group={group} search={search} first={index === 0} />
          ))}
        </div>
      )}
    </div>
  );
}

/** Cards of the page's first group that show above the fold on a phone or a desktop: their images load at once. */
const ABOVE_THE_FOLD_CARDS = 4;

function CompanySection({ group, search, first }: { group: CompanyGroup; search: string; first: boolean }) {
  const headingId = useId();
  return (
    <section className="catalog-company" aria-labelledby={headingId}>
      <h2 id={headingId}>{group.company}</h2>
      <p className="catalog-company__count">
        {count.format(group.count)} {group.count === 1 ? 'product' : 'products'}
      </p>
      {group.categories.map((category, index) => (
        <CategoryGroupSection
          key={`${search}|${category.company}|${category.category}`}
          group={category}
          search={search}
          eagerImages={first && index === 0 ? ABOVE_THE_FOLD_CARDS : 0}
        />
      ))}
    </section>
  );
}
