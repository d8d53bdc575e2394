// Okapi BM25 over a small in-memory inverted index: offline, dependency-free retrieval.

export interface Hit {
  index: number;
  score: number;
}

export class Bm25Index {
  private readonly postings = new Map<string, { doc: number; tf: number }[]>();
  private readonly lengths: number[];
  private readonly averageLength: number;

  constructor(
    documents: readonly (readonly string[])[],
    private readonly boosts: readonly number[] = [],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    this.lengths = documents.map((tokens) => tokens.length);
    this.averageLength = this.lengths.reduce((sum, n) => sum + n, 0) / Math.max(1, documents.length);
    documents.forEach((tokens, doc) => {
      const counts = new Map<string, number>();
      for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
      for (const [term, tf] of counts) {
        let list = this.postings.get(term);
        if (!list) this.postings.set(term, (list = []));
        list.push({ doc, tf });
      }
    });
  }

  get size(): number {
    return this.lengths.length;
  }

  idf(term: string): number {
    const df = this.postings.get(term)?.length ?? 0;
    return Math.log(1 + (this.size - df + 0.5) / (df + 0.5));
  }

  search(query: readonly string[], limit = 10): Hit[] {
    const scores = new Map<number, number>();
    for (const term of new Set(query)) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = this.idf(term);
      for (const { doc, tf } of list) {
        const norm = tf + this.k1 * (1 - this.b + (this.b * (this.lengths[doc] ?? 0)) / this.averageLength);
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * (tf * (this.k1 + 1))) / norm);
      }
    }
    return [...scores]
      .map(([index, score]) => ({ index, score: score * (this.boosts[index] ?? 1) }))
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, limit);
  }
}
