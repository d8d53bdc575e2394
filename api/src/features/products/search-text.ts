// Text pieces shared by the in-process search index and its tests: words, stems and trigram similarity.

/** Lower-cased words of a text: letters and digits, split on anything else ("HG-600" -> "hg", "600"). */
export function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** A light English stem: plural endings off ("calipers" -> "caliper", "gauges" -> "gauge", "boxes" -> "box"). */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (/(?:ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** The trigrams of a word as pg_trgm counts them: padded with two spaces before and one after. */
export function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) set.add(padded.slice(i, i + 3));
  return set;
}

/** pg_trgm's similarity: shared trigrams over all distinct trigrams of both words. */
export function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/**
 * Edit distance counting a swap of two neighbours as one edit ("hieght" -> "height"), or `max + 1` as soon as
 * it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] as number) + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length] as number;
}

/** How close a typed word is to a term, 0..1: trigram similarity, or one or two typing slips in a long word. */
export function closeness(
  word: string,
  wordGrams: Set<string>,
  term: string,
  termGrams: Set<string>,
): number {
  const trigram = similarity(wordGrams, termGrams);
  const slips = word.length >= 8 ? 2 : 1;
  const distance = editDistance(word, term, slips);
  const typing = distance <= slips ? 1 - distance / Math.max(word.length, term.length) : 0;
  return Math.max(trigram, typing);
}
