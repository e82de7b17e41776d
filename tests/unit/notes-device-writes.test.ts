import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";

import { batchDeviceWrites } from "@/lib/notes/sync/device-writes";

/** A stand-in for y-indexeddb's persistence: what it would write to the device, in order. */
function deviceCopy(doc: Y.Doc) {
  const written: Uint8Array[] = [];
  const local = {
    _storeUpdate: (update: Uint8Array, origin: unknown) => {
      if (origin !== local) written.push(update);
    },
  };
  doc.on("update", local._storeUpdate);
  return { local, written };
}

/** The note as a device that opened its copy would see it. */
function reopened(written: Uint8Array[]) {
  const doc = new Y.Doc();
  for (const update of written) Y.applyUpdate(doc, update);
  return doc.getText("t").toString();
}

const type = (doc: Y.Doc, text: string) => {
  for (const ch of text) doc.getText("t").insert(doc.getText("t").length, ch);
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("this device's copy of a note while someone types", () => {
  it("writes a burst of keystrokes once, as the same text", () => {
    const doc = new Y.Doc();
    const { local, written } = deviceCopy(doc);
    const writes = batchDeviceWrites(doc, local, 300);
    type(doc, "Hello there");
    expect(written).toHaveLength(0);
    vi.advanceTimersByTime(300);
    expect(written).toHaveLength(1);
    expect(reopened(written)).toBe("Hello there");
    type(doc, "!");
    vi.advanceTimersByTime(300);
    expect(written).toHaveLength(2);
    expect(reopened(written)).toBe("Hello there!");
    writes.stop();
  });

  it("writes at most the delay after the first change, however long the typing goes on", () => {
    const doc = new Y.Doc();
    const { local, written } = deviceCopy(doc);
    const writes = batchDeviceWrites(doc, local, 300);
    for (let i = 0; i < 20; i++) {
      type(doc, "a");
      vi.advanceTimersByTime(30);
    }
    // 600 ms of typing: written twice, not held back until the typing stops.
    expect(written.length).toBe(2);
    writes.stop();
    expect(reopened(written)).toBe("a".repeat(20));
  });

  it("writes what is waiting when the editor is put away or the page is hidden", () => {
    const doc = new Y.Doc();
    const { local, written } = deviceCopy(doc);
    const writes = batchDeviceWrites(doc, local, 300);
    type(doc, "Draft");
    window.dispatchEvent(new Event("pagehide"));
    expect(reopened(written)).toBe("Draft");
    type(doc, " two");
    writes.stop();
    expect(reopened(written)).toBe("Draft two");
    // Once stopped, nothing more is written by the batch.
    type(doc, "x");
    vi.advanceTimersByTime(1000);
    expect(reopened(written)).toBe("Draft two");
  });

  it("writes in a transaction committed at once when the page goes away, so its last keys are kept", () => {
    const doc = new Y.Doc();
    const { local, written } = deviceCopy(doc);
    // The copy's database, as y-indexeddb holds it once open: each write and whether it was
    // committed there and then (a page being unloaded never lets a transaction commit by itself).
    const committed: Uint8Array[] = [];
    const db = {
      transaction: (stores: string[], mode: string) => {
        expect([stores, mode]).toEqual([["updates"], "readwrite"]);
        let added: Uint8Array | null = null;
        return {
          objectStore: (name: string) => ({
            add: (value: Uint8Array) => {
              expect(name).toBe("updates");
              added = value;
            },
          }),
          commit: () => added && committed.push(added),
          abort: () => {},
        };
      },
    } as unknown as IDBDatabase;
    const writes = batchDeviceWrites(doc, { ...local, db }, 300);
    type(doc, "Train at eight");
    window.dispatchEvent(new Event("pagehide"));
    expect(written).toHaveLength(0);
    expect(reopened(committed)).toBe("Train at eight");
    // Hidden (the app put in the background), the same.
    type(doc, ", platform 2");
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    expect(reopened(committed)).toBe("Train at eight, platform 2");
    // While the page stays, writes go the copy's own way, at the end of the window.
    type(doc, "!");
    vi.advanceTimersByTime(300);
    expect(written).toHaveLength(1);
    expect(reopened([...committed, ...written])).toBe("Train at eight, platform 2!");
    writes.stop();
  });

  it("does not write again what the copy itself loaded", () => {
    const doc = new Y.Doc();
    const { local, written } = deviceCopy(doc);
    const writes = batchDeviceWrites(doc, local, 300);
    const elsewhere = new Y.Doc();
    type(elsewhere, "Stored");
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(elsewhere), local);
    vi.advanceTimersByTime(1000);
    expect(written).toHaveLength(0);
    expect(doc.getText("t").toString()).toBe("Stored");
    writes.stop();
  });
});
