/**
 * What a page's HTML spends its bytes on, ranked: the markup (inline SVGs, class attributes, script
 * and stylesheet tags, the rest) and the RSC payload (`self.__next_f` chunks: client component
 * references, hints, the element tree, its class names and its data). Used by the app bench's
 * `BENCH_HTML_BREAKDOWN=1` and on a saved page: `npx tsx scripts/bench/html-breakdown.ts page.html`.
 */

const bytes = (s: string) => Buffer.byteLength(s);

/** One share of the HTML: its label, its bytes and how many pieces make it up. */
export type Share = { label: string; bytes: number; count: number };

export type HtmlBreakdown = {
  total: number;
  markup: number;
  payload: number;
  markupShares: Share[];
  payloadShares: Share[];
  /** The class lists that cost the most (bytes of `class="…"` times their count), markup only. */
  classLists: Share[];
};

const PUSH = /<script[^>]*>self\.__next_f\.push\(\[1,"((?:[^"\\]|\\.)*)"\]\)<\/script>/g;

function sumOf(matches: string[]): { bytes: number; count: number } {
  return { bytes: matches.reduce((n, m) => n + bytes(m), 0), count: matches.length };
}

/** Splits a page's HTML into markup and RSC payload, and ranks what each spends its bytes on. */
export function htmlBreakdown(html: string): HtmlBreakdown {
  const pushes = [...html.matchAll(PUSH)];
  // The payload as the browser reads it, and the bytes it takes in the HTML (escaped).
  const flight = pushes.map((m) => JSON.parse(`"${m[1]}"`) as string).join("");
  const payload = pushes.reduce((n, m) => n + bytes(m[1]), 0);
  const total = bytes(html);
  let markup = html.replace(PUSH, "");

  const markupShares: Share[] = [
    {
      label: "the payload's <script> wrappers",
      bytes: pushes.reduce((n, m) => n + bytes(m[0]) - bytes(m[1]), 0),
      count: pushes.length,
    },
  ];
  const take = (label: string, pattern: RegExp) => {
    const found = markup.match(pattern) ?? [];
    markupShares.push({ label, ...sumOf(found) });
    markup = markup.replace(pattern, "");
  };
  const classes = new Map<string, number>();
  for (const m of markup.matchAll(/ class="[^"]*"/g))
    classes.set(m[0], (classes.get(m[0]) ?? 0) + 1);
  take("inline <svg>", /<svg\b[\s\S]*?<\/svg>/g);
  take("<script src> and other scripts", /<script\b[\s\S]*?<\/script>/g);
  take("<link> tags", /<link\b[^>]*>/g);
  take("<meta> and <title>", /<meta\b[^>]*>|<title>[\s\S]*?<\/title>/g);
  take("<style> tags", /<style\b[\s\S]*?<\/style>/g);
  take('class="…" attributes', / class="[^"]*"/g);
  take("aria-* and data-* attributes", / (?:aria|data)-[\w-]+(?:="[^"]*")?/g);
  take("other attributes", / [\w:-]+(?:="[^"]*")?(?=[\s/>])/g);
  take("tags", /<\/?[\w-]+\s*\/?>|<!--[\s\S]*?-->/g);
  markupShares.push({ label: "text", bytes: bytes(markup), count: 1 });
  markupShares.sort((a, b) => b.bytes - a.bytes);

  // The payload's rows: `id:I[…]` client references, `id:HL[…]` hints, `id:T<hex>,<text>`, trees.
  const payloadShares = new Map<string, Share>();
  const add = (label: string, n: number) => {
    const share = payloadShares.get(label) ?? { label, bytes: 0, count: 0 };
    share.bytes += n;
    share.count += 1;
    payloadShares.set(label, share);
  };
  let at = 0;
  while (at < flight.length) {
    const colon = flight.indexOf(":", at);
    if (colon < 0) break;
    let end: number;
    const tag = flight[colon + 1];
    if (tag === "T") {
      const comma = flight.indexOf(",", colon);
      const length = parseInt(flight.slice(colon + 2, comma), 16);
      // T rows count UTF-8 bytes; walk characters until that many bytes are covered.
      let used = 0;
      end = comma + 1;
      while (used < length && end < flight.length) {
        const code = flight.codePointAt(end)!;
        used += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
        end += code > 0xffff ? 2 : 1;
      }
      add("text rows (T)", escapedBytes(flight.slice(at, end)));
    } else {
      end = flight.indexOf("\n", colon);
      if (end < 0) end = flight.length;
      else end += 1;
      const row = flight.slice(at, end);
      const kind =
        tag === "I"
          ? "client component references (I)"
          : tag === "H"
            ? "hints: fonts, stylesheets (HL)"
            : null;
      if (kind) add(kind, escapedBytes(row));
      else treeShares(row, add);
    }
    at = end;
  }

  const classLists = [...classes]
    .map(([attr, count]) => ({ label: attr.slice(8, -1), bytes: bytes(attr) * count, count }))
    .sort((a, b) => b.bytes - a.bytes);
  return {
    total,
    markup: total - payload,
    payload,
    markupShares,
    payloadShares: [...payloadShares.values()].sort((a, b) => b.bytes - a.bytes),
    classLists,
  };
}

/** Bytes a piece of the payload takes in the HTML, where it is a JavaScript string literal. */
function escapedBytes(s: string) {
  return bytes(JSON.stringify(s)) - 2;
}

/** An element tree row: its class names, its SVG elements, its data (props of arrays) and the rest. */
function treeShares(row: string, add: (label: string, n: number) => void) {
  let rest = escapedBytes(row);
  const piece = (label: string, pattern: RegExp) => {
    for (const m of row.matchAll(pattern)) {
      const n = escapedBytes(m[0]);
      add(label, n);
      rest -= n;
    }
  };
  piece("tree: className values", /"className":"[^"]*"/g);
  piece("tree: packed notes (the list's data)", /"packed":\[(?:\[[^\]]*\],?)*\]/g);
  piece("tree: svg paths", /\["\$","(?:path|circle|rect|line|polyline)",[^\]]*\]/g);
  add("tree: the rest (elements, props)", rest);
}

/** Printed lines: the split, then each share and the costliest class lists. */
export function breakdownLines(label: string, b: HtmlBreakdown, topClasses = 12) {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(9);
  const lines = [
    `  ${label}: HTML ${kb(b.total).trim()} = markup ${kb(b.markup).trim()} + RSC payload ${kb(b.payload).trim()}`,
    "    markup:",
    ...b.markupShares.map((s) => `    ${kb(s.bytes)}  ${s.label} (${s.count})`),
    "    RSC payload:",
    ...b.payloadShares.map((s) => `    ${kb(s.bytes)}  ${s.label} (${s.count})`),
    `    costliest class lists in the markup (bytes × count):`,
    ...b.classLists
      .slice(0, topClasses)
      .map(
        (s) =>
          `    ${kb(s.bytes)}  ×${String(s.count).padEnd(3)} ${s.label.length > 90 ? `${s.label.slice(0, 87)}...` : s.label}`,
      ),
  ];
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { readFileSync } = await import("node:fs");
  for (const file of process.argv.slice(2))
    for (const line of breakdownLines(file, htmlBreakdown(readFileSync(file, "utf8"))))
      console.log(line);
}
