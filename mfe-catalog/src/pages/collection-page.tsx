import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from '@metrology/shared/router';
import {
  LoadError,
  SORT_KEYS,
  Select,
  Spinner,
  changedBeforeLive,
  errorMessage,
  searchBarToggled,
  searchTextChanged,
  selectSearchText,
  selectShowSearch,
  useAppDispatch,
  useAppSelector,
  useFieldFollowing,
  usePageHead,
  type SortKey,
} from '@metrology/shared';
import { useSearchProductsInfiniteQuery } from '../endpoints/search-products';
import { CollectionCard } from '../collection/collection-card';
import {
  SORT_LABELS,
  checkboxOptions,
  nameMatches,
  readCollectionFilters,
  toggle,
  writeCollectionFilters,
  type CollectionFilters,
} from '../collection/collection-filters';
import { EMPTY_MESSAGES } from '../products/group-products';
import { useDebouncedValue } from '../ui/use-debounced-value';
import { useFailureToast } from '../ui/use-failure-toast';
import '../styles/catalog.css';

export const COLLECTION_PAGE_SIZE = 24;
/** With a name search the server's matches are wider than "name contains": a few pages are read ahead. */
const READ_AHEAD_PAGES = 5;

const count = new Intl.NumberFormat('en-US');

/** Cards that show above the fold on a phone or a desktop: their images load at once, the first one first. */
const ABOVE_THE_FOLD_CARDS = 4;

export default function CollectionPage() {
  usePageHead({
    title: 'Collection',
    description: 'The whole collection in one grid, filtered by category and type and sorted by price.',
    canonicalPath: '/collection',
  });
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const filters = readCollectionFilters(params);
  const showSearch = useAppSelector(selectShowSearch);
  const searchText = useAppSelector(selectSearchText);
  const activeSearch = showSearch ? searchText.trim() : '';
  const serverSearch = useDebouncedValue(activeSearch, 300);
  const [panelOpen, setPanelOpen] = useState(false);
  // Opening the search bar puts the cursor in it; closing it gives focus back to the Search button.
  const focusNext = useRef<'search' | 'toggle' | null>(null);
  const focusWhenShown = (which: 'search' | 'toggle') => (node: HTMLElement | null) => {
    if (node && focusNext.current === which) {
      focusNext.current = null;
      node.focus();
    }
  };
  const ids = { panel: useId(), sort: useId(), search: useId(), searchBar: useId() };
  // The search box and the sort keep what is typed and chosen (uncontrolled); they follow the shared search text
  // and the URL when those change from outside (Clear filters, back/forward).
  const [searchRef] = useFieldFollowing<HTMLInputElement>(searchText);
  const [sortRef] = useFieldFollowing<HTMLSelectElement>(filters.sort);

  const {
    data,
    error,
    isError,
    isLoading,
    isFetching,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    refetch,
  } = useSearchProductsInfiniteQuery({
    q: serverSearch,
    categories: filters.categories,
    types: filters.types,
    sort: filters.sort,
    limit: COLLECTION_PAGE_SIZE,
    withFacets: true,
  });
  useFailureToast(error);
  const loaded = data?.pages.flatMap((page) => page.products) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  // While new filters load, the boxes keep the last counts rather than disappear.
  const facets = data?.pages[0]?.facets;
  // The server filters by the boxes; SPEC's name rule (contains) decides what shows of a search.
  const products = loaded.filter((product) => nameMatches(product, activeSearch));
  const pagesLoaded = data?.pages.length ?? 0;

  // A name search can leave a page nearly empty: read ahead a little rather than show a gap.
  useEffect(() => {
    if (!activeSearch || isFetching || !hasNextPage) return;
    if (products.length < COLLECTION_PAGE_SIZE && pagesLoaded < READ_AHEAD_PAGES) void fetchNextPage();
  }, [activeSearch, isFetching, hasNextPage, products.length, pagesLoaded, fetchNextPage]);

  // The boxes show a click in the next frame; the URL and the list follow in the router's transition.
  const urlKey = params.toString();
  const [shown, setShown] = useState({ key: urlKey, filters });
  const boxes = shown.key === urlKey ? shown.filters : filters;
  if (shown.key !== urlKey) setShown({ key: urlKey, filters });
  const update = (next: Partial<CollectionFilters>) => {
    const chosen = { ...boxes, ...next };
    setShown({ key: urlKey, filters: chosen });
    setParams(writeCollectionFilters(chosen));
  };
  // A box ticked or a sort chosen before the page hydrated (the server's HTML is live before its script) keeps
  // its state: the browser changed the field, React kept what it found, and the change is applied now, once.
  const panelBody = useRef<HTMLFormElement>(null);
  const takeEarly = useEffectEvent(() => {
    // A change the page has already applied (its event came in the moment between hydration and this effect, and
    // went through onChange) is not applied a second time: that would toggle a box back, or add a history entry.
    const groupOf = (box: HTMLInputElement) => (box.dataset.filter === 'types' ? 'types' : 'categories');
    const early = [
      ...(panelBody.current?.querySelectorAll<HTMLInputElement>('input[data-filter]') ?? []),
    ].filter(
      (box) =>
        box.checked !== box.defaultChecked && filters[groupOf(box)].includes(box.value) !== box.checked,
    );
    const sort = sortRef.current;
    const sorted =
      sort && changedBeforeLive(sort) && sort.value !== filters.sort ? (sort.value as SortKey) : null;
    if (early.length === 0 && sorted === null) return;
    let chosen = sorted === null ? filters : { ...filters, sort: sorted };
    for (const box of early) {
      const group = groupOf(box);
      chosen = { ...chosen, [group]: toggle(chosen[group], box.value) };
    }
    setShown({ key: urlKey, filters: chosen });
    setParams(writeCollectionFilters(chosen));
  });
  // In the commit that hydrates the page, before the browser can hand it any event: a change made after it goes
  // through onChange, one made before it is taken here, and none is taken twice.
  useLayoutEffect(() => takeEarly(), []);
  const clear = () => {
    setParams(new URLSearchParams());
    dispatch(searchTextChanged(''));
  };

  return (
    <div className="ms-page catalog-collection">
      <h1>Collection</h1>

      <div className="catalog-searchbar">
        {showSearch ? (
          <div className="catalog-searchbar__bar" role="search" aria-label="Collection" id={ids.searchBar}>
            <label htmlFor={ids.search} className="ms-visually-hidden">
              Search by name
            </label>
            <input
              ref={(node) => {
                searchRef.current = node;
                focusWhenShown('search')(node);
              }}
              id={ids.search}
              className="ms-input"
              type="search"
              defaultValue={searchText}
              placeholder="Search by name"
              autoComplete="off"
              onChange={(event) => dispatch(searchTextChanged(event.target.value))}
            />
            <button
              type="button"
              className="ms-button ms-button--ghost"
              onClick={() => {
                focusNext.current = 'toggle';
                dispatch(searchBarToggled(false));
              }}
            >
              Close search
            </button>
          </div>
        ) : (
          <button
            ref={focusWhenShown('toggle')}
            type="button"
            className="ms-button ms-button--ghost"
            aria-expanded={false}
            onClick={() => {
              focusNext.current = 'search';
              dispatch(searchBarToggled(true));
            }}
          >
            Search
          </button>
        )}
      </div>

      <div className="catalog-collection__layout">
        <aside className="catalog-filter-panel" aria-label="Filters">
          <button
            type="button"
            className="ms-button ms-button--ghost catalog-filter-panel__toggle"
            aria-expanded={panelOpen}
            aria-controls={ids.panel}
            onClick={() => setPanelOpen((open) => !open)}
          >
            Filters
            {boxes.categories.length + boxes.types.length > 0
              ? ` (${boxes.categories.length + boxes.types.length})`
              : ''}
          </button>
          {/* A GET form to this page: with JavaScript off the boxes and the sort are applied by its button. */}
          <form
            id={ids.panel}
            ref={panelBody}
            className="catalog-filter-panel__body"
            data-open={panelOpen}
            action="/collection"
            method="get"
            data-native
            onSubmit={(event) => event.preventDefault()}
          >
            <CheckboxGroup
              legend="Categories"
              group="categories"
              options={checkboxOptions(facets?.categories, boxes.categories)}
              chosen={boxes.categories}
              onToggle={(value) => update({ categories: toggle(boxes.categories, value) })}
            />
            <CheckboxGroup
              legend="Type"
              group="types"
              options={checkboxOptions(facets?.types, boxes.types)}
              chosen={boxes.types}
              onToggle={(value) => update({ types: toggle(boxes.types, value) })}
            />
            <noscript>
              <button type="submit" className="ms-button catalog-filter-panel__apply">
                Apply filters
              </button>
            </noscript>
          </form>
        </aside>

        <section className="catalog-collection__results" aria-label="Products">
          <div className="catalog-collection__toolbar">
            <p className="catalog-results-count" role="status">
              {data && !isFetching
                ? activeSearch
                  ? `${count.format(products.length)} ${products.length === 1 ? 'product' : 'products'} shown`
                  : `Showing ${count.format(products.length)} of ${count.format(total)} products`
                : ''}
            </p>
            <div className="ms-field catalog-sort">
              <label htmlFor={ids.sort}>Sort by</label>
              <Select
                id={ids.sort}
                name="sort"
                form={ids.panel}
                ref={sortRef}
                defaultValue={filters.sort}
                onChange={(event) => update({ sort: event.target.value as SortKey })}
                options={SORT_KEYS.map((key) => ({ value: key, label: SORT_LABELS[key] }))}
              />
            </div>
          </div>

          {isLoading ? (
            <Spinner label="Loading products" />
          ) : isError && loaded.length === 0 ? (
            <LoadError
              className="catalog-error"
              message={errorMessage(error, 'Failed to load products')}
              onRetry={() => void refetch()}
            />
          ) : products.length === 0 && !hasNextPage && !isFetching ? (
            <div className="catalog-empty">
              <p>{EMPTY_MESSAGES.criteria}</p>
              <button type="button" className="ms-button" onClick={clear}>
                Clear filters
              </button>
            </div>
          ) : (
            <>
              <ul className="ms-product-grid catalog-grid" aria-busy={isFetching && !isFetchingNextPage}>
                {products.map((product, index) => (
                  <CollectionCard
                    key={product._id}
                    product={product}
                    image={index >= ABOVE_THE_FOLD_CARDS ? 'lazy' : index === 0 ? 'lcp' : 'eager'}
                  />
                ))}
              </ul>
              {hasNextPage ? (
                <div className="catalog-more">
                  <button
                    type="button"
                    className="ms-button ms-button--ghost"
                    onClick={() => void fetchNextPage()}
                    disabled={isFetchingNextPage}
                  >
                    {isFetchingNextPage ? 'Loading...' : 'Load more'}
                  </button>
                </div>
              ) : null}
            </>
          )}
        </section>
      </div>
    </div>
  );
}

function CheckboxGroup({
  legend,
  group,
  options,
  chosen,
  onToggle,
}: {
  legend: string;
  group: 'categories' | 'types';
  options: readonly { value: string; count: number }[];
  chosen: readonly string[];
  onToggle: (value: string) => void;
}) {
  return (
    <fieldset className="catalog-checkboxes">
      <legend>{legend}</legend>
      {options.map(({ value, count: n }) => (
        <label key={value} className="catalog-checkbox">
          <input
            type="checkbox"
            name={group}
            data-filter={group}
            value={value}
            checked={chosen.includes(value)}
            onChange={() => onToggle(value)}
          />
          <span className="catalog-checkbox__label">{value}</span>
          <span className="catalog-checkbox__count">({count.format(n)})</span>
        </label>
      ))}
    </fieldset>
  );
}
