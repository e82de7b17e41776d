import { runInNewContext } from "node:vm";

import { describe, expect, it } from "vitest";

import { listFromEntries, notesAmong } from "@/lib/notes/offline/list-store";
import { NOTE_COPY_READ_SCRIPT } from "@/lib/notes/offline/note-copy-read";
import { updatesOf, type ShellReads } from "@/lib/notes/offline/read-ahead";
import { SHELL_READS_SCRIPT } from "@/lib/notes/offline/shell-reads";

const USER = "5e000000-0000-4000-8000-000000000001";
const NOTE = "0a000000-0000-4000-8000-00000000000a";

/** A device's IndexedDB as the inline script meets it: databases by name, one store each. */
function fakeDevice(dbs: Record<string, { store: string; entries: [IDBValidKey, unknown][] }>) {
  const opened: string[] = [];
  const aborted: string[] = [];
  const indexedDB = {
    open(name: string) {
      opened.push(name);
      const request: Record<string, unknown> = {};
      queueMicrotask(() => {
        const db = dbs[name];
        if (!db) {
          request.transaction = { abort: () => aborted.push(name) };
          (request.onupgradeneeded as () => void)();
          (request.onerror as () => void)();
          return;
        }
        request.result = {
          objectStoreNames: { contains: (s: string) => s === db.store },
          close() {},
          transaction() {
            const tx: Record<string, unknown> = {
              objectStore: () => ({
                getAll: () => ({ result: db.entries.map(([, v]) => v) }),
                getAllKeys: () => ({ result: db.entries.map(([k]) => k) }),
              }),
            };
            queueMicrotask(() => (tx.oncomplete as () => void)());
            return tx;
          },
        };
        (request.onsuccess as () => void)();
      });
      return request;
    },
    databases: async () => Object.keys(dbs).map((name) => ({ name })),
  };
  return { indexedDB, opened, aborted };
}

function run(
  path: string,
  device: ReturnType<typeof fakeDevice>,
  user: string | null = USER,
  script = SHELL_READS_SCRIPT,
) {
  const window: Record<string, unknown> = {};
  runInNewContext(script, {
    window,
    indexedDB: device.indexedDB,
    localStorage: { getItem: (key: string) => (key === "groundwork:device-user" ? user : null) },
    location: { pathname: path },
    queueMicrotask,
  });
  return window.__groundworkShellReads as ShellReads | undefined;
}

describe("the shell's inline reads", () => {
  it("reads the person's kept list, the open note's updates and the device's databases, on its own", async () => {
    const update = new Uint8Array([1, 2, 3]);
    const device = fakeDevice({
      [`groundwork:${USER}:list`]: {
        store: "kv",
        entries: [
          ["folders", [{ id: "f1", name: "Trips", parent_id: null }]],
          ["page:all", { notes: [], more: false, saved_at: "" }],
        ],
      },
      [`groundwork:${USER}:note:${NOTE}`]: { store: "updates", entries: [[1, update]] },
    });
    const reads = run(`/notes/${NOTE.toUpperCase()}`, device);
    expect(reads?.userId).toBe(USER);
    expect(reads?.noteId).toBe(NOTE);
    const list = await reads!.list;
    expect(listFromEntries(list!.keys, list!.values)).toEqual({
      pages: [{ folder: null, page: { notes: [], more: false, saved_at: "" } }],
      folders: [{ id: "f1", name: "Trips", parent_id: null }],
    });
    expect(await reads!.copy).toEqual([update]);
    expect(notesAmong(await reads!.databases!, USER)).toEqual(new Set([NOTE]));
    expect(device.opened).toEqual([`groundwork:${USER}:list`, `groundwork:${USER}:note:${NOTE}`]);
  });

  it("creates no database the device lacks, and reads nothing with nobody signed in here", async () => {
    const device = fakeDevice({});
    const reads = run(`/notes/${NOTE}`, device);
    expect(await reads!.list).toBeNull();
    expect(await reads!.copy).toBeNull();
    expect(device.aborted).toEqual([`groundwork:${USER}:list`, `groundwork:${USER}:note:${NOTE}`]);

    const none = fakeDevice({});
    expect(run(`/notes/${NOTE}`, none, null)).toBeUndefined();
    expect(none.opened).toEqual([]);
  });

  it("opens no note's copy on the list's address", async () => {
    const device = fakeDevice({});
    const reads = run("/notes", device);
    expect(reads!.noteId).toBeNull();
    expect(reads!.copy).toBeNull();
    expect(device.opened).toEqual([`groundwork:${USER}:list`]);
  });

  it("on a note's own page, reads only that note's copy, for its editor", async () => {
    const update = new Uint8Array([4, 5, 6]);
    const device = fakeDevice({
      [`groundwork:${USER}:list`]: { store: "kv", entries: [["folders", []]] },
      [`groundwork:${USER}:note:${NOTE}`]: { store: "updates", entries: [[1, update]] },
    });
    const reads = run(`/notes/${NOTE}`, device, USER, NOTE_COPY_READ_SCRIPT);
    expect(reads?.noteId).toBe(NOTE);
    expect(updatesOf(await reads!.copy)).toEqual([update]);
    expect(reads!.list).toBeUndefined();
    expect(reads!.databases).toBeUndefined();
    expect(device.opened).toEqual([`groundwork:${USER}:note:${NOTE}`]);
    // A device without the note's copy gets none made, and nobody signed in here reads nothing.
    const empty = fakeDevice({});
    expect(await run(`/notes/${NOTE}`, empty, USER, NOTE_COPY_READ_SCRIPT)!.copy).toBeNull();
    expect(empty.aborted).toEqual([`groundwork:${USER}:note:${NOTE}`]);
    expect(run(`/notes/${NOTE}`, empty, null, NOTE_COPY_READ_SCRIPT)).toBeUndefined();
    expect(run("/notes", empty, USER, NOTE_COPY_READ_SCRIPT)).toBeUndefined();
    // A browser that refuses IndexedDB outright reads no copy ahead, and says so.
    const refusing = {
      ...fakeDevice({}),
      indexedDB: {
        open() {
          throw new DOMException("refused", "SecurityError");
        },
      },
    };
    expect(
      await run(
        `/notes/${NOTE}`,
        refusing as unknown as ReturnType<typeof fakeDevice>,
        USER,
        NOTE_COPY_READ_SCRIPT,
      )!.copy,
    ).toBeNull();
    // A copy with nothing in it is no copy.
    expect(updatesOf([])).toBeNull();
    expect(updatesOf(null)).toBeNull();
  });
});
