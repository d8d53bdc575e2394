import type { ProductFilters } from './group-products';

/** The products page's filters live in the URL (?company=&category=&q=), so reload and back/forward restore them. */
export function readProductFilters(params: URLSearchParams): ProductFilters {
  const company = (params.get('company') ?? '').trim();
  // SPEC: the category select exists only for Tespa, so a category without Tespa means nothing.
  const category = company === 'Tespa' ? (params.get('category') ?? '').trim() : '';
  return { search: params.get('q') ?? '', company, category };
}

export function writeProductFilters({ search, company, category }: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (company) params.set('company', company);
  if (company === 'Tespa' && category) params.set('category', category);
  if (search.trim()) params.set('q', search);
  return params;
}
