/**
 * Icons drawn by CSS: every icon lucide draws for the app, side by side in one SVG (a sprite) that
 * each icon's box shows one cell of as its `mask`, painted in the text colour. A page then carries
 * one short `<svg class="icon i-…">` per icon instead of its paths, and the browser builds one SVG
 * image for them all: each SVG image is a document of its own, costly to make as a page first
 * renders.
 */

/** lucide's description of an icon: its elements, each a tag and its attributes. */
export type IconNode = [tag: string, attrs: Record<string, string | number>][];

/** Every icon's drawing is 24 units square, and so is its cell in the sprite. */
const CELL = 24;

/** The attributes lucide puts on every icon's `<svg>` (the stroke colour only shapes the mask). */
const LUCIDE_ATTRS =
  "viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' " +
  "stroke-linejoin='round'";

/** The icon's elements as lucide draws them, in single quotes (its `key` attributes are React's). */
function elementsOf(node: IconNode): string {
  return node
    .map(([tag, attrs]) => {
      const list = Object.entries(attrs)
        .filter(([name]) => name !== "key")
        .map(([name, value]) => ` ${name}='${String(value).replace(/'/g, "&apos;")}'`)
        .join("");
      return `<${tag}${list}/>`;
    })
    .join("");
}

/** The icon as lucide's own `<svg>` draws it. */
export function iconSvg(node: IconNode): string {
  return `<svg xmlns='http://www.w3.org/2000/svg' ${LUCIDE_ATTRS}>${elementsOf(node)}</svg>`;
}

/**
 * The sprite: the icons in a row, each in its own 24-unit cell (a nested `<svg>`, which clips what
 * it draws to the cell, so a neighbour never shows at an icon's edge).
 */
export function spriteSvg(nodes: IconNode[]): string {
  const cells = nodes
    .map(
      (node, i) =>
        `<svg x='${i * CELL}' width='${CELL}' height='${CELL}' ${LUCIDE_ATTRS}>${elementsOf(node)}</svg>`,
    )
    .join("");
  return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${nodes.length * CELL} ${CELL}'>${cells}</svg>`;
}

/** The sprite's cells back, in order, each as the icon's own `<svg>` (for checking a stylesheet). */
export function spriteCells(sprite: string): string[] {
  return [...sprite.matchAll(/<svg x='(\d+)' width='24' height='24' ([^>]*)>(.*?)<\/svg>/g)].map(
    (m, i) => {
      if (Number(m[1]) !== i * CELL) throw new Error(`Cell ${i} is at x=${m[1]}`);
      return `<svg xmlns='http://www.w3.org/2000/svg' ${m[2]}>${m[3]}</svg>`;
    },
  );
}

/** `mask-size` for the sprite: a box shows exactly one cell, at any size. */
export function spriteSize(count: number): string {
  return `${count * 100}% 100%`;
}

/**
 * `mask-position` of the cell at `index` of `count`: a percentage lines up that point of the
 * sprite with the same point of the box, so cell i sits at i / (count - 1).
 */
export function spritePosition(index: number, count: number): string {
  const percent = count > 1 ? (index * 100) / (count - 1) : 0;
  return `${Number(percent.toFixed(4))}% 0`;
}

/** `url("data:image/svg+xml,…")` for an SVG, escaped only where CSS and URLs need it. */
export function svgDataUrl(svg: string): string {
  return `url("data:image/svg+xml,${svg.replace(/[%#<>"]/g, (c) => encodeURIComponent(c))}")`;
}

/** A `data:` URL's SVG back as text. */
export function svgOfDataUrl(url: string): string {
  const m = /^url\("data:image\/svg\+xml,(.*)"\)$/.exec(url);
  if (!m) throw new Error(`Not an SVG data URL: ${url.slice(0, 40)}`);
  return decodeURIComponent(m[1]!);
}
