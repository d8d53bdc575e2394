// Plausible catalogue variants beyond the base products, for catalogues of any size (seed --products N).
import { createHash } from 'node:crypto';
import type { Product } from '@metrology/shared';
import { BASE_CATALOGUE, productImages, type SeedProduct } from './catalogue.js';

/** Stable 24-hex id from the slug: reseeding keeps ids (and so carts and links) where it can. */
export function productId(slug: string): string {
  return createHash('sha1').update(`product:${slug}`).digest('hex').slice(0, 24);
}

/** Small deterministic PRNG so a reseed of N products always produces the same catalogue. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The base catalogue was listed between these dates, oldest first. */
const CATALOGUE_START = Date.UTC(2021, 0, 11, 9, 30);
const CATALOGUE_END = Date.UTC(2025, 9, 20, 9, 30);

export function toProduct(seed: SeedProduct, createdAt: Date): Product {
  const { kind, views, ...fields } = seed;
  return {
    ...fields,
    _id: productId(seed.slug),
    image: productImages(kind, seed.company, views),
    createdAt: createdAt.toISOString(),
  };
}

/** The base catalogue with createdAt spread over time. */
export function baseProducts(): Product[] {
  const step = (CATALOGUE_END - CATALOGUE_START) / Math.max(1, BASE_CATALOGUE.length - 1);
  // Interleave companies in time so "newest" lists mix brands rather than following the file order.
  const order = BASE_CATALOGUE.map((_, index) => index).sort(
    (a, b) => ((a * 37) % 64) - ((b * 37) % 64) || a - b,
  );
  const products: Product[] = new Array(BASE_CATALOGUE.length);
  order.forEach((catalogueIndex, rank) => {
    products[catalogueIndex] = toProduct(
      BASE_CATALOGUE[catalogueIndex] as SeedProduct,
      new Date(CATALOGUE_START + Math.round(rank * step)),
    );
  });
  return products;
}

interface VariantRule {
  /** Words appended to the name, e.g. '300 mm' or 'Kit'. */
  label: string;
  /** Appended to the model. */
  code: string;
  priceFactor: number;
  range?: string;
  extraFeature?: string;
}

/** Variant dimensions per kind: sizes where sizes exist, editions and kits otherwise. */
const SIZE_RULES: Record<string, readonly VariantRule[]> = {
  caliper: [
    { label: '100 mm', code: '100', priceFactor: 0.85, range: '0-100 mm' },
    { label: '200 mm', code: '200', priceFactor: 1.2, range: '0-200 mm' },
    { label: '300 mm', code: '300', priceFactor: 1.45, range: '0-300 mm' },
  ],
  micrometer: [
    { label: '50-75 mm', code: '75', priceFactor: 1.12, range: '50-75 mm' },
    { label: '75-100 mm', code: '100', priceFactor: 1.25, range: '75-100 mm' },
    { label: '100-125 mm', code: '125', priceFactor: 1.4, range: '100-125 mm' },
  ],
  'height-gauge': [
    { label: '350 mm', code: '350', priceFactor: 0.9, range: '0-350 mm' },
    { label: '450 mm', code: '450', priceFactor: 1.05, range: '0-450 mm' },
    { label: '800 mm', code: '800', priceFactor: 1.6, range: '0-800 mm' },
  ],
  'bore-gauge': [
    { label: '6-10 mm', code: '10', priceFactor: 1.1, range: 'Ø 6-10 mm' },
    { label: '50-100 mm', code: '100', priceFactor: 1.15, range: 'Ø 50-100 mm' },
    { label: '100-160 mm', code: '160', priceFactor: 1.3, range: 'Ø 100-160 mm' },
  ],
  'dial-indicator': [
    { label: '5 mm', code: '5', priceFactor: 0.9, range: '5 mm' },
    { label: '50 mm', code: '50', priceFactor: 1.5, range: '50 mm' },
  ],
  'gauge-block-set': [
    { label: '32 Pieces', code: '32', priceFactor: 0.45 },
    { label: '87 Pieces', code: '87', priceFactor: 0.9 },
    { label: '122 Pieces', code: '122', priceFactor: 1.2 },
  ],
  'air-gauge': [
    { label: 'Ø 12 mm', code: '12', priceFactor: 0.95, range: 'Ø 12 mm ± 0.03 mm' },
    { label: 'Ø 50 mm', code: '50', priceFactor: 1.15, range: 'Ø 50 mm ± 0.05 mm' },
    { label: 'Ø 80 mm', code: '80', priceFactor: 1.3, range: 'Ø 80 mm ± 0.06 mm' },
  ],
};

const EDITION_RULES: readonly VariantRule[] = [
  {
    label: 'Kit',
    code: 'K',
    priceFactor: 1.18,
    extraFeature: 'Supplied as a complete kit in a carrying case',
  },
  { label: 'Plus', code: 'P', priceFactor: 1.1, extraFeature: 'Extended warranty of 3 years' },
  {
    label: 'with Data Output',
    code: 'D',
    priceFactor: 1.12,
    extraFeature: 'Data cable and SPC software included',
  },
  {
    label: 'with NABL Certificate',
    code: 'N',
    priceFactor: 1.06,
    extraFeature: 'NABL-accredited calibration certificate',
  },
  { label: 'IP67', code: 'W', priceFactor: 1.15, extraFeature: 'IP67 protection against coolant and dust' },
  { label: 'Pro', code: 'PRO', priceFactor: 1.3, extraFeature: 'Professional software licence included' },
];

const roundPrice = (value: number): number =>
  value >= 10000 ? Math.round(value / 100) * 100 : Math.round(value);

/**
 * Products number base.length+1..count: variants of the base products with a size or edition, a unique
 * model and slug, prices scaled from the original and createdAt spread over the catalogue's years.
 */
export function variantProducts(count: number, base: readonly SeedProduct[] = BASE_CATALOGUE): Product[] {
  const random = mulberry32(20251120);
  const products: Product[] = [];
  const slugs = new Set(base.map((p) => p.slug));
  for (let n = 0; n < count; n += 1) {
    const source = base[n % base.length] as SeedProduct;
    const round = Math.floor(n / base.length);
    const rules = [...(SIZE_RULES[source.kind] ?? []), ...EDITION_RULES];
    const rule = rules[(round + Math.floor(random() * rules.length)) % rules.length] as VariantRule;
    const series = round + 1;
    const label = round < rules.length ? rule.label : `${rule.label} Series ${series}`;
    let slug = `${source.slug}-${slugify(label)}`;
    for (let k = 2; slugs.has(slug); k += 1) slug = `${source.slug}-${slugify(label)}-${k}`;
    slugs.add(slug);
    const enquiryOnly = source.price <= 0 || random() < 0.04;
    const price = enquiryOnly ? 0 : roundPrice(source.price * rule.priceFactor * (0.95 + random() * 0.1));
    const mrp = enquiryOnly ? 0 : random() < 0.7 ? roundPrice(price * (1.05 + random() * 0.15)) : price;
    const createdAt = new Date(CATALOGUE_START + Math.floor(random() * (CATALOGUE_END - CATALOGUE_START)));
    products.push(
      toProduct(
        {
          ...source,
          slug,
          name: `${source.name} ${label}`,
          model: `${source.model}-${rule.code}${round > 0 ? series : ''}`,
          price,
          mrp,
          measuringRange: rule.range ?? source.measuringRange,
          deliveryTime: random() < 0.3 ? '' : source.deliveryTime,
          features: rule.extraFeature ? [...source.features, rule.extraFeature] : source.features,
        },
        createdAt,
      ),
    );
  }
  return products;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/ø/g, 'dia')
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The whole catalogue of `total` products (at least the base catalogue). */
export function catalogue(total?: number): Product[] {
  const base = baseProducts();
  const extra = total && total > base.length ? variantProducts(total - base.length) : [];
  return [...base, ...extra];
}
