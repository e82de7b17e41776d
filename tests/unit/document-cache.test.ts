import { describe, expect, it } from "vitest";
import * as Y from "yjs";

import { DocumentCache, type CachedDocument } from "@/lib/notes/document-cache";

function entry(bytes: number, version = 0): CachedDocument {
  return { doc: new Y.Doc(), version, ids: new Set([1]), bytes };
}

const destroyed = (e: CachedDocument) => e.doc.isDestroyed;

describe("the server's kept note documents", () => {
  it("lends a document to one derivation at a time", () => {
    const cache = new DocumentCache();
    const a = entry(10);
    cache.keep("n1", a);
    expect(cache.take("n1")).toBe(a);
    // While the first derivation holds it, a second one finds nothing and builds its own.
    expect(cache.take("n1")).toBeUndefined();
    cache.keep("n1", a);
    expect(cache.peek("n1")).toEqual({ version: 0, ids: new Set([1]) });
    expect(destroyed(a)).toBe(false);
  });

  it("destroys the document a newer one for the same note replaces", () => {
    const cache = new DocumentCache();
    const older = entry(10);
    const newer = entry(20, 1);
    cache.keep("n1", older);
    cache.keep("n1", newer);
    expect(destroyed(older)).toBe(true);
    expect(destroyed(newer)).toBe(false);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(20);
  });

  it("keeps at most so many notes, dropping and destroying the least recently used", () => {
    const cache = new DocumentCache(2, 1_000);
    const [a, b, c] = [entry(1), entry(1), entry(1)];
    cache.keep("a", a);
    cache.keep("b", b);
    // Using "a" makes "b" the least recently used.
    cache.keep("a", cache.take("a")!);
    cache.keep("c", c);
    expect(cache.peek("b")).toBeUndefined();
    expect(destroyed(b)).toBe(true);
    expect([cache.peek("a"), cache.peek("c")].every(Boolean)).toBe(true);
    expect([destroyed(a), destroyed(c)]).toEqual([false, false]);
  });

  it("keeps at most so many bytes of state, and never one document bigger than all of it", () => {
    const cache = new DocumentCache(32, 100);
    const [a, b] = [entry(60), entry(30)];
    cache.keep("a", a);
    cache.keep("b", b);
    const c = entry(50);
    cache.keep("c", c);
    expect(cache.peek("a")).toBeUndefined();
    expect(destroyed(a)).toBe(true);
    expect(cache.bytes).toBe(80);
    const huge = entry(101);
    cache.keep("huge", huge);
    expect(cache.peek("huge")).toBeUndefined();
    expect(destroyed(huge)).toBe(true);
    expect(cache.bytes).toBe(80);
    cache.clear();
    expect([cache.size, cache.bytes, destroyed(b), destroyed(c)]).toEqual([0, 0, true, true]);
  });
});
