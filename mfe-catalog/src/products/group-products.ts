import { COMPANY_ORDER } from '@metrology/shared';
import type { Facet } from '../endpoints/search-products';

export interface ProductFilters {
  search: string;
  company: string;
  category: string;
}

/** One category of one company: its count, and whether its first page comes with the page (above the fold). */
export interface CategoryGroup {
  company: string;
  category: string;
  count: number;
  eager: boolean;
}

export interface CompanyGroup {
  company: string;
  count: number;
  categories: CategoryGroup[];
}

export interface ProductGroups {
  total: number;
  companies: CompanyGroup[];
}

/** Products per category page: full rows at 2, 3 and 4 columns. */
export const GROUP_PAGE_SIZE = 12;
/** Products the page shows at once before anything is scrolled into view. */
export const EAGER_PRODUCTS = 48;

/** Tespa, Inprocess Gauging, Sylvac first (SPEC section 9), then the others by name. */
export function compareCompanies(a: string, b: string): number {
  const rank = (name: string) => {
    const index = COMPANY_ORDER.indexOf(name);
    return index === -1 ? COMPANY_ORDER.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The products page's groups from the search call's counts: companies in SPEC's order, each with its categories
 * by name; only the chosen category when there is one. Empty names cannot be asked for by name, so they are left out.
 */
export function buildProductGroups(
  companies: readonly Facet[],
  categoriesByCompany: ReadonlyMap<string, readonly Facet[]>,
  category = '',
): ProductGroups {
  const result: CompanyGroup[] = [];
  for (const { value: company } of companies) {
    if (!company.trim()) continue;
    const categories = (categoriesByCompany.get(company) ?? [])
      .filter((facet) => facet.value.trim() && facet.count > 0 && (!category || same(facet.value, category)))
      .sort((a, b) => a.value.localeCompare(b.value))
      .map((facet) => ({ company, category: facet.value, count: facet.count, eager: false }));
    if (categories.length === 0) continue;
    result.push({ company, count: categories.reduce((sum, c) => sum + c.count, 0), categories });
  }
  result.sort((a, b) => compareCompanies(a.company, b.company));
  return markEagerGroups({ total: result.reduce((sum, c) => sum + c.count, 0), companies: result });
}

/** The first groups, in page order, whose first pages together reach EAGER_PRODUCTS: they load with the page. */
export function markEagerGroups(
  groups: ProductGroups,
  pageSize = GROUP_PAGE_SIZE,
  target = EAGER_PRODUCTS,
): ProductGroups {
  let planned = 0;
  return {
    ...groups,
    companies: groups.companies.map((company) => ({
      ...company,
      categories: company.categories.map((group) => {
        const eager = planned < target;
        if (eager) planned += Math.min(group.count, pageSize);
        return { ...group, eager };
      }),
    })),
  };
}

export function eagerGroups(groups: ProductGroups): CategoryGroup[] {
  return groups.companies.flatMap((company) => company.categories.filter((group) => group.eager));
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
