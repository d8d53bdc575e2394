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
const FUZZY_SPREAD = 0.15;

interface Entry {
  product: Product;
  /** Dictionary numbers of the facet values (lower-cased values share a number). */
  company: number;
  category: number;
  subCategory: number;
  types: number[];
}

/** Facet values numbered once, so counting is array arithmetic. */
class Dictionary {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  id(value: string): number {
    const key = value.toLowerCase();
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(key, id);
      this.values.push(value);
    }
    return id;
  }
  /** Marks the asked values (case-insensitive); null when nothing is asked. */
  wanted(asked: readonly string[]): Uint8Array | null {
    if (asked.length === 0) return null;
    const marks = new Uint8Array(this.values.length);
    for (const value of asked) {
      const id = this.ids.get(value.toLowerCase());
      if (id !== undefined) marks[id] = 1;
    }
    return marks;
  }
  facets(counts: Int32Array): Facet[] {
    const list: Facet[] = [];
    counts.forEach((count, id) => {
      const value = this.values[id] as string;
      if (count > 0 && value.trim()) list.push({ value, count });
    });
    return list.sort(byCountThenValue);
  }
}

/** Results of recent listing queries: the catalogue only changes by building a new index. */
const RESULT_CACHE_MAX = 1000;

/** Which filter groups a product fails (bit per group): facet counting needs "fails none" and "fails only X". */
const COMPANY = 1;
const CATEGORY = 2;
const SUB_CATEGORY = 4;
const TYPE = 8;

type Scores = Map<number, number>;

const bump = (counts: Int32Array, id: number) => {
  counts[id] = (counts[id] ?? 0) + 1;
};

export class CatalogueIndex {
  private readonly entries: Entry[];
  /** term -> product position -> summed weight of the fields holding it. */
  private readonly postings = new Map<string, Map<number, number>>();
  private readonly terms: { term: string; grams: Set<string> }[] = [];
  private readonly wordCache = new Map<string, Scores>();
  private readonly categoryCounts: Facet[];
  private readonly products: readonly Product[];
  private readonly dict = {
    company: new Dictionary(),
    category: new Dictionary(),
    subCategory: new Dictionary(),
    type: new Dictionary(),
  };
  private readonly results = new Map<string, SearchResult>();

  constructor(products: readonly Product[]) {
    const time = new Map(products.map((p) => [p, Date.parse(p.createdAt)]));
    const sorted = [...products].sort(
      (a, b) => (time.get(b) ?? 0) - (time.get(a) ?? 0) || (a._id < b._id ? -1 : 1),
    );
    this.entries = sorted.map((product) => ({
      product,
      company: this.dict.company.id(product.company),
      category: this.dict.category.id(product.category),
      subCategory: this.dict.subCategory.id(product.subCategory),
      types: [...new Set(product.businessType.map((t) => this.dict.type.id(t)))],
    }));
    // Variants share their descriptions: each distinct text is split into terms once.
    const termsOf = new Map<string, string[]>();
    const terms = (text: string) => {
      let list = termsOf.get(text);
      if (!list) {
        list = [...new Set(tokens(text).map(stem))];
        termsOf.set(text, list);
      }
      return list;
    };
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
        for (const term of terms(text)) weights.set(term, (weights.get(term) ?? 0) + weight);
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
        // Only the closest spellings: "micrometre" stands for "micrometer", not for every "micro…" word.
        const best = similar[0]?.sim ?? 0;
        for (const { term, sim } of similar) if (sim >= best - FUZZY_SPREAD) add(term, sim);
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
    const key = JSON.stringify(query);
    const cached = this.results.get(key);
    if (cached) return cached;
    const result = this.run(query);
    if (this.results.size >= RESULT_CACHE_MAX) this.results.clear();
    this.results.set(key, result);
    return result;
  }

  private run(query: SearchQuery): SearchResult {
    const text = this.textMatches(query.q);
    const { dict } = this;
    const wantCompany = dict.company.wanted(query.companies);
    // A category box matches the category or the subCategory (SPEC section 5).
    const wantCategory = dict.category.wanted(query.categories);
    const wantCategoryAsSub = query.categories.length ? dict.subCategory.wanted(query.categories) : null;
    const wantSub = dict.subCategory.wanted(query.subCategories);
    const wantType = dict.type.wanted(query.types);
    const fails = (e: Entry): number =>
      (wantCompany && !wantCompany[e.company] ? COMPANY : 0) |
      (wantCategory && !wantCategory[e.category] && !wantCategoryAsSub?.[e.subCategory] ? CATEGORY : 0) |
      (wantSub && !wantSub[e.subCategory] ? SUB_CATEGORY : 0) |
      (wantType && !e.types.some((t) => wantType[t]) ? TYPE : 0);

    const counts = {
      company: new Int32Array(dict.company.values.length),
      category: new Int32Array(dict.category.values.length),
      subCategory: new Int32Array(dict.subCategory.values.length),
      type: new Int32Array(dict.type.values.length),
    };
    const hits: number[] = [];
    const visit = (position: number) => {
      const entry = this.entries[position] as Entry;
      const failed = fails(entry);
      if (failed === 0) hits.push(position);
      if (!query.facets) return;
      // A product counts in a group's facet when it passes every other group's filter.
      if ((failed & ~COMPANY) === 0) bump(counts.company, entry.company);
      if ((failed & ~CATEGORY) === 0) bump(counts.category, entry.category);
      if ((failed & ~SUB_CATEGORY) === 0) bump(counts.subCategory, entry.subCategory);
      if ((failed & ~TYPE) === 0) for (const t of entry.types) bump(counts.type, t);
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
      default:
        // Positions are newest first; with words, the most relevant first.
        if (text && query.sort !== 'newest')
          hits.sort((a, b) => (text.get(b) ?? 0) - (text.get(a) ?? 0) || a - b);
        else if (text) hits.sort((a, b) => a - b);
    }
    const start = (query.page - 1) * query.limit;
    const products = hits.slice(start, start + query.limit).map((p) => entry(p).product);
    const facets: Facets | undefined = query.facets
      ? {
          companies: dict.company.facets(counts.company),
          categories: dict.category.facets(counts.category),
          subCategories: dict.subCategory.facets(counts.subCategory),
          types: dict.type.facets(counts.type),
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
