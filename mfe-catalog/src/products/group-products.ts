import { COMPANY_ORDER, type Product } from '@metrology/shared';

export interface ProductFilters {
  search: string;
  company: string;
  category: string;
}

export interface CategoryGroup {
  category: string;
  products: Product[];
}

export interface CompanyGroup {
  company: string;
  categories: CategoryGroup[];
}

/** Tespa, Inprocess Gauging, Sylvac first (SPEC section 9), then the others by name. */
export function compareCompanies(a: string, b: string): number {
  const rank = (name: string) => {
    const index = COMPANY_ORDER.indexOf(name);
    return index === -1 ? COMPANY_ORDER.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

export function matchesFilters(product: Product, { search, company, category }: ProductFilters): boolean {
  if (company && product.company !== company) return false;
  if (category && product.category !== category) return false;
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [product.name, product.model, product.category, product.company].some((field) =>
    (field ?? '').toLowerCase().includes(needle),
  );
}

/** The products page's results: filtered, then grouped by company and category in SPEC's order. */
export function groupProducts(products: readonly Product[], filters: ProductFilters): CompanyGroup[] {
  const byCompany = new Map<string, Map<string, Product[]>>();
  for (const product of products) {
    if (!matchesFilters(product, filters)) continue;
    const company = product.company || 'Other';
    const category = product.category || 'Other';
    const categories = byCompany.get(company) ?? new Map<string, Product[]>();
    byCompany.set(company, categories);
    categories.set(category, [...(categories.get(category) ?? []), product]);
  }
  return [...byCompany.entries()]
    .sort(([a], [b]) => compareCompanies(a, b))
    .map(([company, categories]) => ({
      company,
      categories: [...categories.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([category, items]) => ({ category, products: items })),
    }));
}

export const EMPTY_MESSAGES = {
  category: 'No products found in this category.',
  company: 'No products found for this company.',
  criteria: 'No products found matching your criteria.',
} as const;

/** Which empty-state message fits the filters that produced no result. */
export function emptyMessage({ search, company, category }: ProductFilters): string {
  if (search.trim()) return EMPTY_MESSAGES.criteria;
  if (category) return EMPTY_MESSAGES.category;
  if (company) return EMPTY_MESSAGES.company;
  return EMPTY_MESSAGES.criteria;
}
