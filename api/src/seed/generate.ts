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
  /** Words for the name, e.g. '300 mm' or 'Kit'. */
  label: string;
  /** Appended to the model. */
  code: string;
  priceFactor: number;
  range?: string;
  extraFeature?: string;
}

/** Sizes where the kind comes in sizes; they replace the size in the base name. */
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

const EDITIONS: readonly VariantRule[] = [
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

const GENERATIONS: readonly VariantRule[] = [
  {
    label: 'Mk II',
    code: '2',
    priceFactor: 1.08,
    extraFeature: 'Second-generation electronics with longer battery life',
  },
  {
    label: 'Mk III',
    code: '3',
    priceFactor: 1.15,
    extraFeature: 'Third-generation design with a larger display',
  },
  {
    label: 'Mk IV',
    code: '4',
    priceFactor: 1.22,
    extraFeature: 'Latest generation with wireless connectivity',
  },
];

/** Hand tools come in packs; machines with service packages. */
const HAND_TOOLS = new Set(['caliper', 'micrometer', 'dial-indicator', 'bore-gauge', 'probe', 'air-gauge']);
const PACKS: readonly VariantRule[] = [
  { label: 'Set of 2', code: 'S2', priceFactor: 1.95 },
  { label: 'Set of 5', code: 'S5', priceFactor: 4.7 },
  { label: 'Set of 10', code: 'S10', priceFactor: 9.2 },
];
const SERVICES: readonly VariantRule[] = [
  {
    label: 'with Installation',
    code: 'I',
    priceFactor: 1.05,
    extraFeature: 'Installation and commissioning at your site',
  },
  {
    label: 'with Operator Training',
    code: 'T',
    priceFactor: 1.07,
    extraFeature: 'Three days of operator training',
  },
  {
    label: 'with 3-Year AMC',
    code: 'A',
    priceFactor: 1.12,
    extraFeature: 'Three-year annual maintenance contract',
  },
];

/** A size in a product name: "150 mm", "0-25 mm", "Ø 25 mm", "18-35 mm", "103 Pieces". */
const NAME_SIZE = /(Ø\s?)?\d+(?:\.\d+)?(?:-\d+(?:\.\d+)?)?\s(?:mm|Pieces)\b/;

const MODEL_YEARS: readonly VariantRule[] = [2022, 2023, 2024, 2025].map((year) => ({
  label: `${year} Edition`,
  code: `Y${String(year).slice(2)}`,
  priceFactor: 1 + (year - 2022) * 0.03,
}));

/**
 * Combinations of up to three of: size (only when the base name states one), edition, generation, pack or service
 * package, model year. Enough for about 150 distinct variants of every base product.
 */
function combinations(source: SeedProduct): VariantRule[][] {
  const dims = [
    NAME_SIZE.test(source.name) ? (SIZE_RULES[source.kind] ?? []) : [],
    EDITIONS,
    GENERATIONS,
    HAND_TOOLS.has(source.kind) ? PACKS : SERVICES,
    MODEL_YEARS,
  ];
  let combos: (VariantRule | undefined)[][] = [[]];
  for (const dim of dims) combos = combos.flatMap((c) => [undefined, ...dim].map((rule) => [...c, rule]));
  return combos
    .map((c) => c.filter((r): r is VariantRule => r !== undefined))
    .filter((c) => c.length > 0 && c.length <= 3);
}

const roundPrice = (value: number): number =>
  value >= 10000 ? Math.round(value / 100) * 100 : Math.round(value);

/**
 * Products number base.length+1..count: variants of the base products (another size, an edition, a newer
 * generation, a pack or service package) with a unique model and slug, prices scaled from the original and
 * createdAt spread over the catalogue's years.
 */
export function variantProducts(count: number, base: readonly SeedProduct[] = BASE_CATALOGUE): Product[] {
  const random = mulberry32(20251120);
  const products: Product[] = [];
  const slugs = new Set(base.map((p) => p.slug));
  const pools = new Map<string, VariantRule[][]>();
  for (let n = 0; n < count; n += 1) {
    const source = base[n % base.length] as SeedProduct;
    let pool = pools.get(source.slug);
    if (!pool || pool.length === 0) {
      // A fresh shuffled list of combinations per base product; reused (with a numbered slug) past its end.
      pool = combinations(source).sort(() => random() - 0.5);
      pools.set(source.slug, pool);
    }
    const rules = pool.pop() as VariantRule[];
    const size = rules.find((r) => SIZE_RULES[source.kind]?.includes(r));
    const others = rules.filter((r) => r !== size);
    let name = source.name;
    if (size) name = NAME_SIZE.test(name) ? name.replace(NAME_SIZE, size.label) : `${name} ${size.label}`;
    // "Pro Mk II 2024 Edition, with Installation": plain words first, then the "with …" / "Set of …" phrases.
    const phrase = (r: VariantRule) => r.label.startsWith('with') || r.label.startsWith('Set');
    const plain = others.filter((r) => !phrase(r)).map((r) => ` ${r.label}`);
    const phrases = others.filter(phrase).map((r) => `, ${r.label}`);
    name = `${name}${plain.join('')}${phrases.join('')}`;
    let slug = `${source.slug}-${slugify(rules.map((r) => r.label).join(' '))}`;
    for (let k = 2; slugs.has(slug); k += 1)
      slug = `${source.slug}-${slugify(rules.map((r) => r.label).join(' '))}-${k}`;
    slugs.add(slug);
    const factor = rules.reduce((f, r) => f * r.priceFactor, 1);
    const enquiryOnly = source.price <= 0 || random() < 0.04;
    const price = enquiryOnly ? 0 : roundPrice(source.price * factor * (0.95 + random() * 0.1));
    const mrp = enquiryOnly ? 0 : random() < 0.7 ? roundPrice(price * (1.05 + random() * 0.15)) : price;
    const createdAt = new Date(CATALOGUE_START + Math.floor(random() * (CATALOGUE_END - CATALOGUE_START)));
    const features = [...source.features, ...rules.flatMap((r) => (r.extraFeature ? [r.extraFeature] : []))];
    products.push(
      toProduct(
        {
          ...source,
          slug,
          name,
          model: `${source.model}-${rules.map((r) => r.code).join('')}`,
          price,
          mrp,
          measuringRange: size?.range ?? source.measuringRange,
          deliveryTime: random() < 0.3 ? '' : source.deliveryTime,
          features,
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
