// The support chat's answer: the best-matching knowledge (BM25), or a pointer to a person.
import { BRAND, SALES_EMAIL } from '../../seed/brand.js';
import { Bm25Index } from './bm25.js';
import { productLine, type KnowledgeDoc, type LinkTo } from './knowledge.js';
import { tokenize } from './text.js';

/** Below this a match is a coincidence of common words, not an answer. */
const MIN_SCORE = 2.2;
const MAX_PRODUCTS = 4;

export class Assistant {
  private readonly index: Bm25Index;

  constructor(private readonly docs: readonly KnowledgeDoc[]) {
    this.index = new Bm25Index(
      docs.map((d) => tokenize(d.text)),
      docs.map((d) => d.boost ?? 1),
    );
  }

  answer(message: string, link: LinkTo): string {
    const text = message.trim();
    if (/^(hi|hello|hey|good (morning|afternoon|evening)|namaste|vanakkam)\b[\s!.?]*$/i.test(text)) {
      return `Hello! Welcome to ${BRAND}. Ask me about our products (Tespa, Inprocess Gauging, Sylvac, Mahr, SCANTECH 3D), calibration, delivery, payments or careers.`;
    }
    if (/^(thanks|thank you|thx|ok(ay)?|great|cool)\b/i.test(text)) {
      return `You're welcome! Anything else I can help with? You can also reach us at ${SALES_EMAIL}.`;
    }
    const hits = this.index.search(tokenize(text), 40).filter((h) => h.score >= MIN_SCORE);
    const best = hits[0];
    if (!best) return this.unknown(link);
    const top = this.docs[best.index] as KnowledgeDoc;
    if (top.kind !== 'product') return top.answer(link);
    // Several close product matches read better as a short list, one per product family (not five sizes of one).
    const families = new Set<string>();
    const products = hits
      .filter((h) => this.docs[h.index]?.kind === 'product' && h.score >= best.score * 0.6)
      .map((h) => (this.docs[h.index] as KnowledgeDoc).product)
      .filter((p) => p !== undefined)
      .filter((p) => {
        const family = p.name.split(' ').slice(0, 4).join(' ');
        if (families.has(family)) return false;
        families.add(family);
        return true;
      })
      .slice(0, MAX_PRODUCTS);
    const lines = products.map((p) => productLine(p, link)).join('\n');
    const intro =
      products.length > 1 ? 'These products match your question:' : 'This product matches your question:';
    return `${intro}\n${lines}\nFor a quotation or a demonstration, use Send Enquiry on the product page or write to ${SALES_EMAIL}.`;
  }

  unknown(link: LinkTo): string {
    return `I'm not sure about that one. Please send your question through ${link('/contact')} or e-mail ${SALES_EMAIL}, and our team will get back to you within one working day.`;
  }
}
