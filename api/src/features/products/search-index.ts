// The catalogue as an in-process index: ranked text search, disjunctive facets and suggestions without a database
// round trip. Built from the products table at start and rebuilt when the catalogue version changes.
import type { Product } from '@metrology/shared';
import { closeness, stem, tokens, trigrams } from './search-text.js';
import {
  FUZZY_THRESHOLD,
  SUGGEST_CATEGORIES_MAX,
  byCountThenValue,
  searchWords,
  toSuggestion,
  type Facet,
  type Facets,
  type SearchQuery,
  type SearchResult,
  type Suggestions,
} from './search-types.js';

/** Field weights, as PostgreSQL's setweight A/B/C: name and model, then company and categories, then description. */
const WEIGHT = { title: 1, group: 0.4, description: 0.1 } as const;
/** A word that only starts a term ("cal" -> "caliper") counts a little less than the whole term. */
const PREFIX_FACTOR = 0.9;
const FUZZY_TERMS_MAX = 6;

interface Entry {
  product: Product;
  company: string;
  category: string;
  subCategory: string;
  types: string[];
  /** Position in newest-first order: the tie-break of every sort. */
  rank: number;
}

/** Which filter groups a product fails (bit per group): facet counting needs "fails none" and "fails only X". */
const COMPANY = 1;
const CATEGORY = 2;
const SUB_CATEGORY = 4;
const TYPE = 8;

type Scores = Map<number, number>;

export class CatalogueIndex {
  private readonly entries: Entry[];
  /** term -> product position -> summed weight of the fields holding it. */
  private readonly postings = new Map<string, Map<number, number>>();
  private readonly terms: { term: string; grams: Set<string> }[] = [];
  private readonly wordCache = new Map<string, Scores>();
  private readonly categoryCounts: Facet[];
  private readonly products: readonly Product[];

  constructor(products: readonly Product[]) {
    const sorted = [...products].sort(
      (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a._id < b._id ? -1 : 1),
    );
    this.entries = sorted.map((product, rank) => ({
      product,
      company: product.company.toLowerCase(),
      category: product.category.toLowerCase(),
      subCategory: product.subCategory.toLowerCase(),
      types: product.businessType.map((t) => t.toLowerCase()),
      rank,
    }));
    this.products = this.entries.map((e) => e.product);
    this.entries.forEach((entry, position) => {
      const { product } = entry;
      const fields: [string, number][] = [
        [`${product.name} ${product.model}`, WEIGHT.title],
        [`${product.company} ${product.category} ${product.subCategory}`, WEIGHT.group],
        [product.description, WEIGHT.description],
      ];
      const weights = new Map<string, number>();
      for (const [text, weight] of fields) {
        for (const term of new Set(tokens(text).map(stem)))
          weights.set(term, (weights.get(term) ?? 0) + weight);
      }
      for (const [term, weight] of weights) {
        let posting = this.postings.get(term);
        if (!posting) {
          posting = new Map();
          this.postings.set(term, posting);
        }
        posting.set(position, weight);
      }
    });
    for (const term of this.postings.keys()) this.terms.push({ term, grams: trigrams(term) });
    this.terms.sort((a, b) => (a.term < b.term ? -1 : 1));
    const counts = new Map<string, Facet>();
    for (const { product } of this.entries) {
      const facet = counts.get(product.category) ?? { value: product.category, count: 0 };
      facet.count += 1;
      counts.set(product.category, facet);
    }
    this.categoryCounts = [...counts.values()].sort(byCountThenValue);
  }

  get size(): number {
    return this.entries.length;
  }

  /** Every product, newest first (the sitemap). */
  all(): readonly Product[] {
    return this.products;
  }

  /** Products matching one query word: its terms, else words starting with it, else similar words (typos). */
  private scoresFor(word: string): Scores {
    const cached = this.wordCache.get(word);
    if (cached) return cached;
    const scores: Scores = new Map();
    const add = (term: string, factor: number) => {
      for (const [position, weight] of this.postings.get(term) ?? []) {
        const score = weight * factor;
        if (score > (scores.get(position) ?? 0)) scores.set(position, score);
      }
    };
    const parts = tokens(word).map(stem);
    if (parts.length > 1) {
      // "hg-600": every part must match, scores add up.
      const each = parts.map((part) => this.scoresFor(part));
      const [first, ...rest] = each;
      for (const [position, score] of first ?? []) {
        let total = score;
        let all = true;
        for (const other of rest) {
          const s = other.get(position);
          if (s === undefined) {
            all = false;
            break;
          }
          total += s;
        }
        if (all) scores.set(position, total / parts.length);
      }
    } else if (parts.length === 1) {
      const w = parts[0] as string;
      for (const { term } of this.terms) {
        if (term === w) add(term, 1);
        else if (term.startsWith(w)) add(term, PREFIX_FACTOR);
      }
      if (scores.size === 0 && w.length >= 4 && !/^\d+$/.test(w)) {
        const grams = trigrams(w);
        const similar = this.terms
          .filter(({ term }) => term.length >= 3)
          .map(({ term, grams: g }) => ({ term, sim: closeness(w, grams, term, g) }))
          .filter(({ sim }) => sim >= FUZZY_THRESHOLD)
          .sort((a, b) => b.sim - a.sim)
          .slice(0, FUZZY_TERMS_MAX);
        for (const { term, sim } of similar) add(term, sim);
      }
    }
    if (this.wordCache.size > 500) this.wordCache.clear();
    this.wordCache.set(word, scores);
    return scores;
  }

  /** Positions matching every word, with their relevance; undefined when there are no words (everything). */
  private textMatches(q: string | undefined): Scores | undefined {
    const words = searchWords(q);
    if (words.length === 0) return undefined;
    const perWord = words.map((w) => this.scoresFor(w)).sort((a, b) => a.size - b.size);
    const [smallest, ...rest] = perWord;
    const result: Scores = new Map();
    for (const [position, score] of smallest ?? []) {
      let total = score;
      let all = true;
      for (const other of rest) {
        const s = other.get(position);
        if (s === undefined) {
          all = false;
          break;
        }
        total += s;
      }
      if (all) result.set(position, total);
    }
    return result;
  }

  search(query: SearchQuery): SearchResult {
    const text = this.textMatches(query.q);
    const want = {
      companies: new Set(query.companies.map((v) => v.toLowerCase())),
      categories: new Set(query.categories.map((v) => v.toLowerCase())),
      subCategories: new Set(query.subCategories.map((v) => v.toLowerCase())),
      types: new Set(query.types.map((v) => v.toLowerCase())),
    };
    const fails = (e: Entry): number =>
      (want.companies.size && !want.companies.has(e.company) ? COMPANY : 0) |
      (want.categories.size && !want.categories.has(e.category) && !want.categories.has(e.subCategory)
        ? CATEGORY
        : 0) |
      (want.subCategories.size && !want.subCategories.has(e.subCategory) ? SUB_CATEGORY : 0) |
      (want.types.size && !e.types.some((t) => want.types.has(t)) ? TYPE : 0);

    const counters = {
      companies: new Map<string, number>(),
      categories: new Map<string, number>(),
      subCategories: new Map<string, number>(),
      types: new Map<string, number>(),
    };
    const bump = (map: Map<string, number>, value: string) => {
      if (value.trim()) map.set(value, (map.get(value) ?? 0) + 1);
    };
    const hits: number[] = [];
    const visit = (position: number) => {
      const entry = this.entries[position] as Entry;
      const failed = fails(entry);
      if (failed === 0) hits.push(position);
      if (!query.facets) return;
      // A product counts in a group's facet when it passes every other group's filter.
      const { product } = entry;
      if ((failed & ~COMPANY) === 0) bump(counters.companies, product.company);
      if ((failed & ~CATEGORY) === 0) bump(counters.categories, product.category);
      if ((failed & ~SUB_CATEGORY) === 0) bump(counters.subCategories, product.subCategory);
      if ((failed & ~TYPE) === 0) for (const t of new Set(product.businessType)) bump(counters.types, t);
    };
    if (text) for (const position of text.keys()) visit(position);
    else for (let position = 0; position < this.entries.length; position += 1) visit(position);

    const entry = (position: number) => this.entries[position] as Entry;
    const price = (position: number) => entry(position).product.price;
    const enquiryLast = (a: number, b: number) => Number(price(a) <= 0) - Number(price(b) <= 0);
    switch (query.sort) {
      case 'low-high':
        hits.sort((a, b) => enquiryLast(a, b) || price(a) - price(b) || a - b);
        break;
      case 'high-low':
        hits.sort((a, b) => enquiryLast(a, b) || price(b) - price(a) || a - b);
        break;
      case 'newest':
        hits.sort((a, b) => a - b);
        break;
      default:
        hits.sort(text ? (a, b) => (text.get(b) ?? 0) - (text.get(a) ?? 0) || a - b : (a, b) => a - b);
    }
    const start = (query.page - 1) * query.limit;
    const products = hits.slice(start, start + query.limit).map((p) => entry(p).product);
    const facetList = (map: Map<string, number>): Facet[] =>
      [...map].map(([value, count]) => ({ value, count })).sort(byCountThenValue);
    const facets: Facets | undefined = query.facets
      ? {
          companies: facetList(counters.companies),
          categories: facetList(counters.categories),
          subCategories: facetList(counters.subCategories),
          types: facetList(counters.types),
        }
      : undefined;
    return { products, total: hits.length, ...(facets ? { facets } : {}) };
  }

  /** The header's suggestions: the best few products and the categories whose names match the words. */
  suggest(q: string, max: number): Suggestions {
    const { products } = this.search({
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
    const words = searchWords(q).flatMap((w) => tokens(w).map(stem));
    const categories = this.categoryCounts.filter((facet) => {
      const names = tokens(facet.value).map(stem);
      return words.every((w) =>
        names.some(
          (n) =>
            n.startsWith(w) ||
            (w.length >= 4 && closeness(w, trigrams(w), n, trigrams(n)) >= FUZZY_THRESHOLD),
        ),
      );
    });
    return {
      products: products.map(toSuggestion),
      categories: categories.slice(0, SUGGEST_CATEGORIES_MAX),
    };
  }
}
