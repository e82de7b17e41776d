import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "sonner";

vi.mock("sonner", () => ({ toast: { error: vi.fn() } }));

import { shellList } from "@/lib/notes/offline/shell-list";
import {
  forgetNoteMadeHere,
  keepNoteMadeHere,
  madeHere,
  notesMadeHere,
} from "@/lib/notes/sync/pending-creates";
import { type ClientSource, FOLDER_GONE, supabaseNoteStore } from "@/lib/notes/sync/supabase-store";
import { pendingNotes, markPending } from "@/lib/notes/sync/pending-notes";
import { queueChange, queuedChanges } from "@/lib/notes/offline/organize-queue";
import { pinOffline, trashOffline } from "@/lib/notes/offline/organize-offline";
import { TransientError } from "@/lib/notes/sync/types";
import { makeNoteOnDevice } from "@/lib/notes/offline/create-on-device";
import { shownTexts } from "@/lib/notes/offline/shown-text";

import { memoryStorage } from "./support/memory-storage";

const USER = "00000000-0000-4000-8000-0000000000aa";
const ID_A = "0a000000-0000-4000-8000-00000000000a";
const ID_B = "0b000000-0000-4000-8000-00000000000b";
const FOLDER = "0f000000-0000-4000-8000-00000000000f";

describe("notes made on this device while offline", () => {
  it("are kept newest first, found by id, and forgotten once stored or deleted", () => {
    const storage = memoryStorage();
    keepNoteMadeHere(storage, USER, { id: ID_A, folder: null, created_at: "2026-01-01T10:00Z" });
    keepNoteMadeHere(storage, USER, { id: ID_B, folder: FOLDER, created_at: "2026-01-01T11:00Z" });
    expect(notesMadeHere(storage, USER).map((n) => n.id)).toEqual([ID_B, ID_A]);
    expect(madeHere(storage, USER, ID_B)?.folder).toBe(FOLDER);
    // Another person's are not this one's.
    expect(notesMadeHere(storage, "someone-else")).toEqual([]);
    forgetNoteMadeHere(storage, USER, ID_B);
    forgetNoteMadeHere(storage, USER, ID_A);
    expect(notesMadeHere(storage, USER)).toEqual([]);
    expect(storage.map.size).toBe(0);
  });

  it("ignores what is not a list of notes", () => {
    const storage = memoryStorage();
    storage.setItem(`groundwork:${USER}:new-notes`, '{"id":1}');
    expect(notesMadeHere(storage, USER)).toEqual([]);
    storage.setItem(`groundwork:${USER}:new-notes`, '[{"id":1},null,"x"]');
    expect(notesMadeHere(storage, USER)).toEqual([]);
  });

  it("come first in the offline shell's list, in their folder, open on this device", () => {
    const kept = {
      folder: null,
      page: {
        notes: [
          {
            id: ID_A,
            title: "Pinned one",
            preview: "",
            pinned: true,
            updated_at: "2026-01-02T00:00Z",
            deleted_at: null,
          },
        ],
        more: false,
        saved_at: "",
      },
    };
    const list = shellList([kept], [{ id: FOLDER, name: "Trips", parent_id: null }], new Set(), [
      { id: ID_B, folder: FOLDER, created_at: "2026-01-01T11:00Z" },
    ]);
    expect(list.map((n) => [n.id, n.folder, n.onDevice, n.madeHere ?? false])).toEqual([
      [ID_B, "Trips", true, true],
      [ID_A, null, false, false],
    ]);
  });
});

/** Two tabs' stores reaching one server, which inserts each id once. */
function fakeServer() {
  const rows = new Map<string, string | null>();
  const folders = new Set<string>();
  let reachable = true;
  const inserts: { id: string; folder_id: string | null }[] = [];
  const client = {
    from: () => ({
      insert: async (row: { id: string; folder_id: string | null }) => {
        inserts.push(row);
        if (!reachable) return { status: 0, error: { message: "Failed to fetch" } };
        if (rows.has(row.id)) {
          return { status: 409, error: { code: "23505", message: "duplicate key value" } };
        }
        if (row.folder_id && !folders.has(row.folder_id)) {
          return { status: 409, error: { code: "23503", message: "foreign key" } };
        }
        rows.set(row.id, row.folder_id);
        return { status: 201, error: null };
      },
    }),
    rpc: () => ({
      single: async () => ({
        status: 200,
        error: null,
        data: { ydoc: null, ydoc_version: 0, update_ids: [], updates: [] },
      }),
    }),
  };
  return {
    rows,
    folders,
    inserts,
    client: client as unknown as Exclude<ClientSource, () => unknown>,
    setReachable: (r: boolean) => (reachable = r),
  };
}

describe("a note made in the offline app", () => {
  afterEach(() => localStorage.clear());

  it("is made for the device's person, waits to sync, and stays listed once the server has it", () => {
    expect(makeNoteOnDevice(null)).toEqual({ error: expect.stringContaining("offline") });
    localStorage.setItem("groundwork:device-user", USER);
    const made = makeNoteOnDevice(FOLDER);
    if ("error" in made) throw new Error(made.error);
    expect(madeHere(localStorage, USER, made.id)).toMatchObject({ folder: FOLDER });
    expect(pendingNotes(localStorage, USER)).toEqual([made.id]);
    // The server has it (made-here forgotten) before the list kept on the device does.
    forgetNoteMadeHere(localStorage, USER, made.id);
    const list = shellList([], [], new Set(), [], shownTexts(localStorage, USER));
    expect(list.map((n) => [n.id, n.onDevice])).toEqual([[made.id, true]]);
  });
});

describe("a note made offline reaching the server", () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal("localStorage", storage);
    vi.stubGlobal("navigator", { onLine: true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is inserted with its own id before its document, once, even from two tabs at once", async () => {
    const server = fakeServer();
    server.folders.add(FOLDER);
    keepNoteMadeHere(storage, USER, { id: ID_A, folder: FOLDER, created_at: "2026-01-01T10:00Z" });
    const tabs = [
      supabaseNoteStore(server.client, ID_A, USER),
      supabaseNoteStore(server.client, ID_A, USER),
    ];
    await Promise.all(tabs.map((store) => store.load()));
    expect([...server.rows]).toEqual([[ID_A, FOLDER]]);
    expect(notesMadeHere(storage, USER)).toEqual([]);
    // Once stored, loading again asks nothing more of the server.
    await tabs[0].load();
    expect(server.inserts.length).toBeLessThanOrEqual(2);
  });

  it("waits while unreachable, and lands in All notes when its folder was deleted meanwhile", async () => {
    const server = fakeServer();
    keepNoteMadeHere(storage, USER, { id: ID_B, folder: FOLDER, created_at: "2026-01-01T10:00Z" });
    const store = supabaseNoteStore(server.client, ID_B, USER);
    server.setReachable(false);
    await expect(store.load()).rejects.toBeInstanceOf(TransientError);
    expect(madeHere(storage, USER, ID_B)).not.toBeNull();
    server.setReachable(true);
    await store.load();
    expect([...server.rows]).toEqual([[ID_B, null]]);
    expect(madeHere(storage, USER, ID_B)).toBeNull();
    expect(toast.error).toHaveBeenCalledWith(FOLDER_GONE);
  });

  it("offline, sends nothing at all (no insert, no state read) and waits; back online, both go", async () => {
    const server = fakeServer();
    const rpc = vi.spyOn(server.client, "rpc");
    keepNoteMadeHere(storage, USER, { id: ID_A, folder: null, created_at: "2026-01-01T10:00Z" });
    const store = supabaseNoteStore(server.client, ID_A, USER);
    vi.stubGlobal("navigator", { onLine: false });
    await expect(store.load()).rejects.toBeInstanceOf(TransientError);
    await expect(store.derive()).rejects.toBeInstanceOf(TransientError);
    expect(server.inserts).toEqual([]);
    expect(rpc).not.toHaveBeenCalled();
    vi.stubGlobal("navigator", { onLine: true });
    await expect(store.load()).resolves.toMatchObject({ version: 0, updates: [] });
    expect([...server.rows]).toEqual([[ID_A, null]]);
    expect(rpc).toHaveBeenCalledTimes(1);
  });

  it("is not inserted for a note the server made", async () => {
    const server = fakeServer();
    await supabaseNoteStore(server.client, ID_A, USER).load();
    expect(server.inserts).toEqual([]);
  });
});

describe("a note made offline and deleted before it synced", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("leaves nothing to send, and its copy on the device is removed", async () => {
    const storage = memoryStorage();
    const deleted: string[] = [];
    vi.stubGlobal("localStorage", storage);
    vi.stubGlobal("indexedDB", { deleteDatabase: (name: string) => deleted.push(name) });
    vi.stubGlobal("navigator", { onLine: true });
    keepNoteMadeHere(storage, USER, { id: ID_A, folder: null, created_at: "2026-01-01T10:00Z" });
    markPending(storage, USER, ID_A, true);
    const note = {
      id: ID_A,
      title: "",
      preview: "",
      pinned: false,
      updated_at: "2026-01-01T10:00Z",
      deleted_at: null,
      folder_id: null,
      folder: null,
      tags: [],
      onDevice: true,
      madeHere: true,
    };
    // Pinned first: kept with the note where it waits, not sent on its own.
    pinOffline(USER, note, true);
    expect(madeHere(storage, USER, ID_A)?.pinned).toBe(true);
    queueChange(storage, USER, { id: ID_A, kind: "pin", pinned: true, at: "x" });
    trashOffline(USER, note);
    expect(notesMadeHere(storage, USER)).toEqual([]);
    expect(pendingNotes(storage, USER)).toEqual([]);
    expect(queuedChanges(storage, USER)).toEqual([]);
    expect(deleted).toEqual([`groundwork:${USER}:note:${ID_A}`]);

    // Reconnecting, its store asks the server for nothing to be made.
    const server = fakeServer();
    await supabaseNoteStore(server.client, ID_A, USER).load();
    expect(server.inserts).toEqual([]);
  });
});
