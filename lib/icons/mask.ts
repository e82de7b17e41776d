/**
 * An icon drawn by CSS: lucide's SVG as a `data:` URL for `mask-image`, painted in the text
 * colour. A page then carries one short `<svg class="icon i-…">` per icon instead of its paths.
 */

/** lucide's description of an icon: its elements, each a tag and its attributes. */
export type IconNode = [tag: string, attrs: Record<string, string | number>][];

/** The attributes lucide puts on every icon's `<svg>` (the stroke colour only shapes the mask). */
const SVG_OPEN =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' " +
  "stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>";

/** The icon's SVG as lucide draws it, in single quotes (its `key` attributes are React's). */
export function iconSvg(node: IconNode): string {
  const children = node
    .map(([tag, attrs]) => {
      const list = Object.entries(attrs)
        .filter(([name]) => name !== "key")
        .map(([name, value]) => ` ${name}='${String(value).replace(/'/g, "&apos;")}'`)
        .join("");
      return `<${tag}${list}/>`;
    })
    .join("");
  return `${SVG_OPEN}${children}</svg>`;
}

/** `url("data:image/svg+xml,…")` for the icon, escaped only where CSS and URLs need it. */
export function iconMaskUrl(node: IconNode): string {
  const encoded = iconSvg(node).replace(/[%#<>"]/g, (c) => encodeURIComponent(c));
  return `url("data:image/svg+xml,${encoded}")`;
}

/** The `mask-image` URL's SVG back as text (for checking what a stylesheet draws). */
export function svgOfMaskUrl(url: string): string {
  const m = /^url\("data:image\/svg\+xml,(.*)"\)$/.exec(url);
  if (!m) throw new Error(`Not an SVG data URL: ${url.slice(0, 40)}`);
  return decodeURIComponent(m[1]!);
}
