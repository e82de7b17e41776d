/** Schemes a note's links may use; anything else (javascript:, data:, vbscript:…) is dropped. */
const SAFE_SCHEMES = new Set(["http", "https", "mailto", "tel"]);

const decodeEntity = (entity: string): string => {
  const hex = /^&#x/i.test(entity);
  const code = Number.parseInt(entity.replace(/^&#x?|;$/gi, ""), hex ? 16 : 10);
  return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : "";
};

/**
 * Whether a link target is safe to keep. Browsers ignore whitespace and control characters inside
 * a scheme ("java\tscript:"), and a later HTML render would decode character references
 * ("&#106;avascript:"), so both are undone before the scheme is read. No scheme is a relative link.
 */
export function isSafeHref(href: string): boolean {
  const plain = href
    .replace(/&#x?[0-9a-f]+;?/gi, decodeEntity)
    .replace(/[\u0000-\u0020\u007f-\u009f\s]/g, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(plain);
  return !scheme || SAFE_SCHEMES.has(scheme[1].toLowerCase());
}
