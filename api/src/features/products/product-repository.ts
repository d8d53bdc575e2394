// Product queries: the list, search with facets, by slug, related.
import type { Product } from '@metrology/shared';
import type { Queryable } from '../../db/database.js';

export interface ProductRow {
  id: string;
  slug: string;
  name: string;
  model: string;
  description: string;
  image: string[];
  price: number;
  mrp: number;
  category: string;
  sub_category: string;
  company: string;
  measuring_range: string;
  accuracy: string;
  software: string;
  business_type: string[];
  certification: string;
  delivery_time: string;
  specifications: Product['specifications'];
  features: string[];
  created_at: Date | string;
}

export const PRODUCT_COLUMNS = `id, slug, name, model, description, image, price, mrp, category, sub_category, company,
  measuring_range, accuracy, software, business_type, certification, delivery_time, specifications, features, created_at`;

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    model: row.model,
    description: row.description,
    image: row.image,
    price: row.price,
    mrp: row.mrp,
    category: row.category,
    subCategory: row.sub_category,
    company: row.company,
    measuringRange: row.measuring_range,
    accuracy: row.accuracy,
    software: row.software,
    businessType: row.business_type,
    certification: row.certification,
    deliveryTime: row.delivery_time,
    specifications: row.specifications,
    features: row.features,
    createdAt: new Date(row.created_at).toISOString(),
  };
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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Search words: lower-cased, at most 8, each at least one character. */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '')
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.trim())
    .filter(Boolean)
    .slice(0, 8);
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

export type SearchSort = 'relavent' | 'low-high' | 'high-low' | 'newest';

export interface SearchQuery {
  q?: string;
  company?: string;
  category?: string;
  categories?: string[];
  types?: string[];
  sort: SearchSort;
  page: number;
  limit: number;
  facets: boolean;
}

export interface Facet {
  value: string;
  count: number;
}

export interface SearchResult {
  products: Product[];
  total: number;
  facets?: { companies: Facet[]; categories: Facet[] };
}

export async function searchProducts(db: Queryable, query: SearchQuery): Promise<SearchResult> {
  const words = searchWords(query.q);
  const text = new Conditions();
  for (const word of words) text.add(`search_text LIKE ${text.param(`%${escapeLike(word)}%`)} ESCAPE '\\'`);
  const byCompany = text.clone();
  if (query.company) byCompany.add(`lower(company) = lower(${byCompany.param(query.company)})`);
  const all = byCompany.clone();
  if (query.category) {
    const p = all.param(query.category.toLowerCase());
    all.add(`(lower(category) = ${p} OR lower(sub_category) = ${p})`);
  }
  for (const list of [query.categories, query.types]) {
    if (list && list.length > 0) {
      const p = all.param(list.map((v) => v.toLowerCase()));
      all.add(`(lower(category) = ANY(${p}::text[]) OR lower(sub_category) = ANY(${p}::text[]))`);
    }
  }
  const rows = all.clone();
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
      // Relevance: all words in the name first, then the first word in the name, then newest.
      order =
        words.length > 0
          ? `(${words.map((w) => `lower(name) LIKE ${rows.param(`%${escapeLike(w)}%`)} ESCAPE '\\'`).join(' AND ')}) DESC,
             (lower(model) LIKE ${rows.param(`%${escapeLike(words[0] as string)}%`)} ESCAPE '\\') DESC, created_at DESC, id`
          : 'created_at DESC, id';
  }
  const limit = rows.param(query.limit);
  const offset = rows.param((query.page - 1) * query.limit);
  const [found, count, companies, categories] = await Promise.all([
    db.query<ProductRow>(
      `SELECT ${PRODUCT_COLUMNS} FROM products ${rows.where()} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      rows.params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM products ${all.where()}`, all.params),
    query.facets
      ? db.query<Facet>(
          `SELECT company AS value, count(*)::int AS count FROM products ${text.where()}
           GROUP BY company ORDER BY count DESC, company`,
          text.params,
        )
      : undefined,
    query.facets
      ? db.query<Facet>(
          `SELECT category AS value, count(*)::int AS count FROM products ${byCompany.where()}
           GROUP BY category ORDER BY count DESC, category`,
          byCompany.params,
        )
      : undefined,
  ]);
  return {
    products: found.rows.map(toProduct),
    total: count.rows[0]?.total ?? 0,
    ...(companies && categories
      ? { facets: { companies: companies.rows, categories: categories.rows } }
      : {}),
  };
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
