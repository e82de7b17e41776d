/**
 * Text as search compares it, as the database's `search_fold` does: lower case, without accents
 * ("Café" reads "cafe"). `origin[i]` is the index in the original string of the character that
 * gave folded character `i`, so a match in the folded text can be marked in the text as written.
 */
export function foldForSearch(text: string): { text: string; origin: number[] } {
  let out = "";
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const folded = fold(char);
    for (const part of folded) {
      out += part;
      origin.push(index);
    }
    index += char.length;
  }
  return { text: out, origin };
}

const SPECIAL: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  ø: "o",
  Ø: "o",
  đ: "d",
  Đ: "d",
  ł: "l",
  Ł: "l",
  ı: "i",
};

function fold(char: string): string {
  const special = SPECIAL[char];
  if (special) return special;
  return char.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The words of a query as search matches them: folded, without the punctuation around them. */
export function searchTerms(query: string): string[] {
  return [
    ...new Set(
      foldForSearch(query)
        .text.split(/\s+/)
        .map((w) => w.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, ""))
        .filter((w) => w !== ""),
    ),
  ];
}

/**
 * Where the first of `terms` occurs in `text` (folded), as [start, end) in `text` itself; null
 * when none does.
 */
export function firstMatch(text: string, terms: string[]): [number, number] | null {
  const folded = foldForSearch(text);
  let best: [number, number] | null = null;
  for (const term of terms) {
    const at = folded.text.indexOf(term);
    if (at < 0) continue;
    const start = folded.origin[at];
    const lastIndex = at + term.length - 1;
    const last = folded.origin[lastIndex];
    const end = last + (text.codePointAt(last)! > 0xffff ? 2 : 1);
    if (!best || start < best[0]) best = [start, end];
  }
  return best;
}
