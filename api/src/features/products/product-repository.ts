// Product queries: the list, search with facets, by slug, related.
import type { Product } from '@metrology/shared';
import type { Queryable } from '../../db/database.js';
import {
  FUZZY_THRESHOLD,
  SUGGEST_CATEGORIES_MAX,
  byCountThenValue,
  searchWords,
  toSuggestion,
  type Facet,
  type SearchQuery,
  type SearchResult,
  type Suggestions,
} from './search-types.js';

/** Each field of the contract's Product and its column (a field renamed in the contract fails here). */
const COLUMN_OF = {
  _id: 'id',
  slug: 'slug',
  name: 'name',
  model: 'model',
  description: 'description',
  image: 'image',
  price: 'price',
  mrp: 'mrp',
  category: 'category',
  subCategory: 'sub_category',
  company: 'company',
  measuringRange: 'measuring_range',
  accuracy: 'accuracy',
  software: 'software',
  businessType: 'business_type',
  certification: 'certification',
  deliveryTime: 'delivery_time',
  specifications: 'specifications',
  features: 'features',
  createdAt: 'created_at',
} as const satisfies Record<keyof Product, string>;

/** A products row: the contract's fields under their column names (the database answers created_at as a Date). */
export type ProductRow = {
  [K in Exclude<keyof Product, 'createdAt'> as (typeof COLUMN_OF)[K]]: Product[K];
} & {
  created_at: Date | string;
};

const FIELDS = Object.keys(COLUMN_OF) as (keyof Product)[];

export const PRODUCT_COLUMNS = FIELDS.map((field) => COLUMN_OF[field]).join(', ');

export function toProduct(row: ProductRow): Product {
  const product = {} as Record<keyof Product, unknown>;
  for (const field of FIELDS) product[field] = row[COLUMN_OF[field]];
  product.createdAt = new Date(row.created_at).toISOString();
  return product as Product;
}

/** WHERE clauses with their $n parameters. */
class Conditions {
  readonly clauses: string[] = [];
  constructor(readonly params: unknown[] = []) {}
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  add(clause: string): void {
    this.clauses.push(clause);
  }
  where(): string {
    return this.clauses.length ? `WHERE ${this.clauses.join(' AND ')}` : '';
  }
  clone(): Conditions {
    const copy = new Conditions([...this.params]);
    copy.clauses.push(...this.clauses);
    return copy;
  }
}

export interface ListQuery {
  company?: string;
  category?: string;
  /** Only these product ids (the cart page asks for the products in a cart). */
  ids?: readonly string[];
  limit?: number;
  offset?: number;
}

export async function listProducts(
  db: Queryable,
  query: ListQuery,
): Promise<{ products: Product[]; total: number }> {
  const c = new Conditions();
  if (query.company) c.add(`lower(company) = lower(${c.param(query.company)})`);
  if (query.category) c.add(`lower(category) = lower(${c.param(query.category)})`);
  if (query.ids) c.add(`id = ANY(${c.param([...query.ids])}::text[])`);
  const paging = c.clone();
  const limit = query.limit !== undefined ? `LIMIT ${paging.param(query.limit)}` : '';
  const offset = query.offset ? `OFFSET ${paging.param(query.offset)}` : '';
  const [rows, count] = await Promise.all([
    db.query<ProductRow>(
      `SELECT ${PRODUCT_COLUMNS} FROM products ${paging.where()} ORDER BY created_at DESC, id ${limit} ${offset}`,
      paging.params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM products ${c.where()}`, c.params),
  ]);
  return { products: rows.rows.map(toProduct), total: count.rows[0]?.total ?? 0 };
}

type FilterGroup = 'company' | 'category' | 'subCategory' | 'type';

/** One query word as a prefix tsquery: "hg-600" -> "hg:* & 600:*"; null when it has no letters or digits. */
function prefixQuery(word: string): string | null {
  const parts = word.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return parts.length ? parts.map((p) => `${p}:*`).join(' & ') : null;
}

/**
 * Filters of a listing query as SQL, one clause per group, so a facet can leave its own group out (disjunctive
 * counts). The text condition: every word as a prefix in the weighted search_vector, or (typos) the words close
 * enough to the name and model by pg_trgm word similarity.
 */
function searchConditions(query: SearchQuery, without?: FilterGroup) {
  const c = new Conditions();
  const words = searchWords(query.q);
  const tsParts = words.map(prefixQuery).filter((p): p is string => p !== null);
  let rank = '0';
  if (words.length > 0) {
    const phrase = c.param(words.join(' '));
    const tsq = tsParts.length ? `to_tsquery('english', ${c.param(tsParts.join(' & '))})` : null;
    const fuzzy = `word_similarity(${phrase}, search_title) >= ${FUZZY_THRESHOLD}`;
    c.add(tsq ? `(search_vector @@ ${tsq} OR ${fuzzy})` : fuzzy);
    rank = `(${tsq ? `ts_rank(search_vector, ${tsq}) + ` : ''}word_similarity(${phrase}, search_title))`;
  }
  const lower = (list: string[]) => c.param(list.map((v) => v.toLowerCase()));
  if (query.companies.length && without !== 'company')
    c.add(`lower(company) = ANY(${lower(query.companies)}::text[])`);
  if (query.categories.length && without !== 'category') {
    const p = lower(query.categories);
    c.add(`(lower(category) = ANY(${p}::text[]) OR lower(sub_category) = ANY(${p}::text[]))`);
  }
  if (query.subCategories.length && without !== 'subCategory')
    c.add(`lower(sub_category) = ANY(${lower(query.subCategories)}::text[])`);
  if (query.types.length && without !== 'type')
    c.add(`EXISTS (SELECT 1 FROM jsonb_array_elements_text(business_type) AS t(v)
      WHERE lower(t.v) = ANY(${lower(query.types)}::text[]))`);
  return { c, rank, hasText: words.length > 0 };
}

/** The listing query on the database: page, total and (when asked) disjunctive facets, ranked by relevance. */
export async function searchProducts(db: Queryable, query: SearchQuery): Promise<SearchResult> {
  const { c, rank, hasText } = searchConditions(query);
  let order: string;
  switch (query.sort) {
    case 'low-high':
      order = '(price <= 0), price ASC, created_at DESC, id';
      break;
    case 'high-low':
      order = '(price <= 0), price DESC, created_at DESC, id';
      break;
    case 'newest':
      order = 'created_at DESC, id';
      break;
    default:
      order = hasText ? `${rank} DESC, created_at DESC, id` : 'created_at DESC, id';
  }
  const paging = new Conditions([...c.params]);
  const limit = paging.param(query.limit);
  const offset = paging.param((query.page - 1) * query.limit);
  /** A facet counts with every filter but its own group's, each with its own parameter numbers. */
  const facet = (column: string, group: FilterGroup) => {
    const f = searchConditions(query, group).c;
    return db.query<Facet>(
      `SELECT ${column} AS value, count(*)::int AS count FROM products ${f.where()}
       GROUP BY ${column} HAVING trim(${column}) <> '' ORDER BY count DESC, ${column}`,
      f.params,
    );
  };
  const typeFilter = searchConditions(query, 'type').c;
  const [found, count, companies, categories, subCategories, types] = await Promise.all([
    db.query<ProductRow>(
      `SELECT ${PRODUCT_COLUMNS} FROM products ${c.where()} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      paging.params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM products ${c.where()}`, c.params),
    query.facets ? facet('company', 'company') : undefined,
    query.facets ? facet('category', 'category') : undefined,
    query.facets ? facet('sub_category', 'subCategory') : undefined,
    query.facets
      ? db.query<Facet>(
          `SELECT t.v AS value, count(DISTINCT id)::int AS count
           FROM products, jsonb_array_elements_text(business_type) AS t(v) ${typeFilter.where()}
           GROUP BY t.v HAVING trim(t.v) <> '' ORDER BY count DESC, t.v`,
          typeFilter.params,
        )
      : undefined,
  ]);
  const sorted = (r: { rows: Facet[] } | undefined) => (r ? [...r.rows].sort(byCountThenValue) : []);
  return {
    products: found.rows.map(toProduct),
    total: count.rows[0]?.total ?? 0,
    ...(query.facets
      ? {
          facets: {
            companies: sorted(companies),
            categories: sorted(categories),
            subCategories: sorted(subCategories),
            types: sorted(types),
          },
        }
      : {}),
  };
}

/** The header's suggestions on the database: the best few products and the categories whose names match. */
export async function suggestProducts(db: Queryable, q: string, max: number): Promise<Suggestions> {
  const { products } = await searchProducts(db, {
    q,
    companies: [],
    categories: [],
    subCategories: [],
    types: [],
    sort: 'relavent',
    page: 1,
    limit: max,
    facets: false,
  });
  const words = searchWords(q);
  const categories = await db.query<Facet>(
    `SELECT category AS value, count(*)::int AS count FROM products
     WHERE category <> '' AND (lower(category) LIKE $1 ESCAPE '\\' OR word_similarity($2, lower(category)) >= ${FUZZY_THRESHOLD})
     GROUP BY category ORDER BY count DESC, category LIMIT ${SUGGEST_CATEGORIES_MAX}`,
    [`%${words.map((w) => w.replace(/[\\%_]/g, (ch) => `\\${ch}`)).join('%')}%`, words.join(' ')],
  );
  return { products: products.map(toSuggestion), categories: categories.rows };
}

export async function productBySlug(db: Queryable, slugOrId: string): Promise<Product | null> {
  const found = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM products WHERE slug = $1 OR id = $1 ORDER BY (slug = $1) DESC LIMIT 1`,
    [slugOrId],
  );
  const row = found.rows[0];
  return row ? toProduct(row) : null;
}

/** SPEC Product detail: same category; sharing the company when the product has one, else the subCategory. */
export async function relatedProducts(db: Queryable, product: Product, max: number): Promise<Product[]> {
  const [column, value] = product.company
    ? ['company', product.company]
    : ['sub_category', product.subCategory];
  const found = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM products
     WHERE category = $1 AND ${column} = $2 AND id <> $3
     ORDER BY created_at DESC, id LIMIT $4`,
    [product.category, value, product._id, max],
  );
  return found.rows.map(toProduct);
}

export async function productsByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, Product>> {
  if (ids.length === 0) return new Map();
  const found = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ANY($1::text[])`,
    [[...ids]],
  );
  return new Map(found.rows.map((row) => [row.id, toProduct(row)]));
}

export async function catalogueVersion(db: Queryable): Promise<string> {
  const found = await db.query<{ value: string }>(`SELECT value FROM meta WHERE key = 'catalogue_version'`);
  return found.rows[0]?.value ?? 'none';
}
