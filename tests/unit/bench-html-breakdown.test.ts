// @vitest-environment node
import { describe, expect, it } from "vitest";

import { htmlBreakdown } from "../../scripts/bench/html-breakdown";

const push = (chunk: string) =>
  `<script nonce="n">self.__next_f.push([1,${JSON.stringify(chunk)}])</script>`;

describe("what a page's HTML spends its bytes on", () => {
  const flight =
    '1:I["chunk.js",["chunk.js"],"NoteList"]\n' +
    '2:["$","$L1",null,{"className":"grid gap-2","firstPage":{"packed":[["a","T","p",1,1],["b","U","q",2]],"more":false}}]\n' +
    "3:T6,héllo";
  const markup =
    '<!DOCTYPE html><html><body><ul class="a b"><li class="a b">One</li></ul>' +
    '<svg viewBox="0 0 24 24"><path d="M1 1"/></svg><script src="/x.js"></script></body></html>';
  const html = markup.replace(
    "</body>",
    `${push(flight.slice(0, 40))}${push(flight.slice(40))}</body>`,
  );
  const b = htmlBreakdown(html);

  it("splits the markup from the RSC payload, to the byte", () => {
    expect(b.total).toBe(Buffer.byteLength(html));
    expect(b.markup + b.payload).toBe(b.total);
    const chunks = [flight.slice(0, 40), flight.slice(40)];
    // The payload is the chunks as the HTML writes them: JavaScript strings, without the quotes.
    expect(b.payload).toBe(
      chunks.reduce((n, c) => n + Buffer.byteLength(JSON.stringify(c)) - 2, 0),
    );
  });

  it("ranks the markup's shares and the costliest class lists", () => {
    const share = (label: string) => b.markupShares.find((s) => s.label === label);
    expect(share("inline <svg>")).toEqual({
      label: "inline <svg>",
      bytes: Buffer.byteLength('<svg viewBox="0 0 24 24"><path d="M1 1"/></svg>'),
      count: 1,
    });
    expect(share('class="…" attributes')?.count).toBe(2);
    expect(b.markupShares.reduce((n, s) => n + s.bytes, 0)).toBe(b.markup);
    expect(b.classLists[0]).toEqual({ label: "a b", bytes: 2 * ' class="a b"'.length, count: 2 });
  });

  it("tells the payload's client references, class names, the list's data and text apart", () => {
    const share = (label: string) => b.payloadShares.find((s) => s.label === label);
    expect(share("client component references (I)")?.count).toBe(1);
    expect(share("tree: className values")?.bytes).toBe(
      Buffer.byteLength(JSON.stringify('"className":"grid gap-2"')) - 2,
    );
    expect(share("tree: packed notes (the list's data)")?.count).toBe(1);
    expect(share("text rows (T)")?.count).toBe(1);
    expect(b.payloadShares.reduce((n, s) => n + s.bytes, 0)).toBe(b.payload);
  });
});
