// @vitest-environment node
import { describe, expect, it } from "vitest";

import {
  addressOfScope,
  foldersInOrder,
  notesInScope,
  scopeFromAddress,
  searchShellNotes,
  keptShellList,
  shellList,
  withLocalNotes,
  shellTags,
  waitingLine,
} from "@/lib/notes/offline/shell-list";
import { keepShownText, shownTexts } from "@/lib/notes/offline/shown-text";
import {
  cacheIsPublic,
  NOTE_SHELL_KEY,
  noteIdFromPath,
  SHELL_PATH,
  shellKeyFor,
  shellServes,
  withPreloads,
} from "@/lib/pwa/offline-shell";

import { memoryStorage } from "./support/memory-storage";

const ID_A = "0a000000-0000-4000-8000-00000000000a";
const ID_B = "0b000000-0000-4000-8000-00000000000b";
const ID_C = "0c000000-0000-4000-8000-00000000000c";
const ID_D = "0d000000-0000-4000-8000-00000000000d";

const note = (id: string, title: string, updated_at: string, pinned = false) => ({
  id,
  title,
  preview: "",
  pinned,
  updated_at,
  deleted_at: null as string | null,
});
const page = (notes: ReturnType<typeof note>[]) => ({ notes, more: false, saved_at: "" });

describe("the offline shell's list", () => {
  it("shows each note once, newest copy, pinned first then most recently edited, with its folder", () => {
    const list = shellList(
      [
        {
          folder: null,
          page: page([note(ID_A, "Old A", "2026-01-01"), note(ID_B, "B", "2026-01-03")]),
        },
        {
          folder: "f1",
          page: page([note(ID_A, "New A", "2026-01-02"), note(ID_C, "C", "2025-01-01", true)]),
        },
      ],
      [{ id: "f1", name: "Work", parent_id: null }],
      new Set([ID_A]),
    );
    expect(list.map((n) => [n.title, n.folder, n.onDevice])).toEqual([
      ["C", "Work", false],
      ["B", null, false],
      ["New A", "Work", true],
    ]);
  });

  it("leaves trashed notes out", () => {
    const trashed = { ...note(ID_A, "Gone", "2026-01-01"), deleted_at: "2026-01-02" };
    expect(shellList([{ folder: null, page: page([trashed]) }], [], new Set())).toEqual([]);
  });

  it("lists every note the device keeps by title, with each note's folder and tags from the whole list", () => {
    const folders = [
      { id: "f1", name: "Work", parent_id: null },
      { id: "f2", name: "Trips", parent_id: null },
    ];
    const list = shellList(
      [
        {
          folder: null,
          page: page([note(ID_A, "Kept A", "2026-01-02"), note(ID_B, "B", "2026-01-03")]),
        },
      ],
      folders,
      new Set([ID_A]),
      [],
      {},
      [
        // As new as the kept page's copy: its pin and folder win; its tags are the note's.
        {
          id: ID_A,
          title: "Kept A",
          updated_at: "2026-01-02",
          folder_id: "f2",
          pinned: true,
          tags: ["trip/lisbon"],
        },
        // Older than the kept page's copy: the page's title stays; the folder it did not know is filled.
        {
          id: ID_B,
          title: "Old B",
          updated_at: "2026-01-01",
          folder_id: "f1",
          pinned: false,
          tags: [],
        },
        // In no kept page: listed by title, needing a connection.
        {
          id: ID_C,
          title: "Never opened",
          updated_at: "2025-12-01",
          folder_id: null,
          pinned: false,
          tags: ["work"],
        },
        // Someone else's, shared: listed as theirs, with the person's role on it.
        {
          id: ID_D,
          title: "Their plan",
          updated_at: "2026-02-01",
          shared: true,
          role: "viewer",
          owner: "Ana",
          owner_id: "owner-1",
        },
      ],
    );
    expect(
      list.map((n) => [n.title, n.folder_id, n.folder, n.pinned, n.tags, n.onDevice, n.shared]),
    ).toEqual([
      ["Kept A", "f2", "Trips", true, ["trip/lisbon"], true, undefined],
      [
        "Their plan",
        null,
        null,
        false,
        [],
        false,
        { role: "viewer", owner: "Ana", ownerId: "owner-1" },
      ],
      ["B", "f1", "Work", false, [], false, undefined],
      ["Never opened", null, null, false, ["work"], false, undefined],
    ]);
    // Under "Shared with me" only, never among the person's own notes.
    expect(notesInScope(list, null).map((n) => n.title)).toEqual(["Kept A", "B", "Never opened"]);
    expect(notesInScope(list, { shared: true }).map((n) => n.title)).toEqual(["Their plan"]);
    expect(notesInScope(list, { folder: "f1" }).map((n) => n.title)).toEqual(["B"]);
  });

  it("opens a shared note kept before its role was, to read", () => {
    const [only] = shellList([], [], new Set([ID_D]), [], {}, [
      { id: ID_D, title: "Their plan", updated_at: "2026-02-01", shared: true },
    ]);
    expect(only.shared).toEqual({ role: null, owner: "", ownerId: null });
  });

  it("shows each note's preview from the whole list where no kept page has the note, or an older copy", () => {
    const list = shellList(
      [
        {
          folder: null,
          page: page([
            { ...note(ID_A, "Trip", "2026-01-02"), preview: "Pack sandals" },
            { ...note(ID_B, "Books", "2026-01-03"), preview: "Dune" },
            { ...note(ID_D, "Draft", "2025-10-01"), preview: "Older text" },
          ]),
        },
      ],
      [],
      new Set(),
      [],
      {},
      [
        // As new as the page's copy: the page's preview stands.
        { id: ID_A, title: "Trip", updated_at: "2026-01-02", preview: "Pack sandals" },
        // Newer than the page's copy: its preview is of the newer text.
        { id: ID_B, title: "Books", updated_at: "2026-01-04", preview: "Dune, Solaris" },
        // In no kept page: the whole list's preview.
        { id: ID_C, title: "Old", updated_at: "2025-12-01", preview: "Receipts for 2025" },
        // Newer than the page's copy but kept with no preview (a search answer told only its
        // title): none, rather than the page's, which is of the older text.
        { id: ID_D, title: "Told by title", updated_at: "2025-11-01" },
      ],
    );
    expect(list.map((n) => [n.title, n.preview])).toEqual([
      ["Books", "Dune, Solaris"],
      ["Trip", "Pack sandals"],
      ["Old", "Receipts for 2025"],
      ["Told by title", ""],
    ]);
    // Search finds a note by the start of its text, though no page of it was ever seen here.
    expect(searchShellNotes(list, "receipts").map((n) => n.title)).toEqual(["Old"]);
  });

  it("takes a newer title and a move from the whole list over an older kept page", () => {
    const [only] = shellList(
      [{ folder: "f1", page: page([note(ID_A, "Draft", "2026-01-01")]) }],
      [{ id: "f1", name: "Work", parent_id: null }],
      new Set(),
      [],
      {},
      [{ id: ID_A, title: "Final", updated_at: "2026-01-05", folder_id: null, pinned: false }],
    );
    expect([only.title, only.folder_id, only.folder, only.tags]).toEqual(["Final", null, null, []]);
  });

  it("shows the tags a note's editor read on this device where they are newer than the kept list's", () => {
    const storage = memoryStorage();
    keepShownText(storage, "user-1", {
      id: ID_A,
      title: "Café in Lisbon",
      body: "Pastéis #trip/lisbon #food",
      updated_at: "2026-01-05T00:00:00Z",
      tags: ["trip/lisbon", "food"],
    });
    // Told without tags (an older page): none kept, so the list's own stay.
    keepShownText(storage, "user-1", {
      id: ID_B,
      title: "Packing list",
      body: "",
      updated_at: "2026-01-05T00:00:00Z",
    });
    const list = shellList(
      [
        {
          folder: null,
          page: page([note(ID_A, "Café", "2026-01-01"), note(ID_B, "Packing", "2026-01-01")]),
        },
      ],
      [],
      new Set([ID_A, ID_B]),
      [],
      shownTexts(storage, "user-1"),
      [
        { id: ID_A, title: "Café", updated_at: "2026-01-01", tags: ["trip"] },
        { id: ID_B, title: "Packing", updated_at: "2026-01-01", tags: ["travel"] },
      ],
    );
    expect(list.map((n) => [n.title, n.tags])).toEqual([
      ["Café in Lisbon", ["trip/lisbon", "food"]],
      ["Packing list", ["travel"]],
    ]);
  });

  it("lays what was written here over a kept list without copying the notes it leaves as they were", () => {
    const folders = [{ id: "f1", name: "Work", parent_id: null }];
    const pages = [
      {
        folder: null,
        page: page([
          note(ID_A, "Oldest", "2026-01-01"),
          note(ID_B, "Newest", "2026-01-03"),
          { ...note(ID_C, "Trashed elsewhere", "2026-01-02"), deleted_at: "2026-01-04" },
        ]),
      },
    ];
    const kept = keptShellList(pages, folders, new Set([ID_A]));
    expect(kept.map((n) => n.title)).toEqual(["Newest", "Oldest"]);
    const shown = {
      // Written here after the kept copy: listed first, with its new title.
      [ID_A]: { title: "Oldest, rewritten", preview: "", updated_at: "2026-01-05T00:00:00Z" },
      // Trashed in the kept list: written here before, not listed again.
      [ID_C]: { title: "Trashed elsewhere", preview: "", updated_at: "2099-01-05T00:00:00Z" },
    };
    const laid = withLocalNotes(kept, pages, folders, [], shown);
    expect(laid.map((n) => n.title)).toEqual(["Oldest, rewritten", "Newest"]);
    // The note nothing was written to is the kept list's own.
    expect(laid[1]).toBe(kept[0]);
    // The same as laying the whole list out at once.
    expect(laid).toEqual(shellList(pages, folders, new Set([ID_A]), [], shown));
    // Nothing written here: the kept list as it is.
    expect(withLocalNotes(kept, pages, folders)).toEqual(kept);
  });

  it("counts what waits to sync in words", () => {
    expect(waitingLine(0)).toBe("Every change is synced");
    expect(waitingLine(1)).toBe("1 note has changes waiting to sync");
    expect(waitingLine(3)).toBe("3 notes have changes waiting to sync");
  });
});

describe("searching the notes on the device", () => {
  const notes = [
    { id: ID_A, title: "Café in Lisbon", preview: "Pastéis de nata at nine", folder: null },
    { id: ID_B, title: "Packing list", preview: "sandals, a raincoat", folder: "Trips" },
    { id: ID_C, title: "", preview: "", folder: null },
  ];
  const ids = (query: string) => searchShellNotes(notes, query).map((n) => n.id);

  it("finds a note by its title, its preview or its folder, in any case and without accents", () => {
    expect(ids("cafe")).toEqual([ID_A]);
    expect(ids("PASTEIS")).toEqual([ID_A]);
    expect(ids("raincoat")).toEqual([ID_B]);
    expect(ids("trips")).toEqual([ID_B]);
  });

  it("needs every word, in any order, and keeps the list's order", () => {
    expect(ids("lisbon nine")).toEqual([ID_A]);
    expect(ids("nine lisbon")).toEqual([ID_A]);
    expect(ids("lisbon raincoat")).toEqual([]);
    expect(ids("a")).toEqual([ID_A, ID_B]);
  });

  it("finds every note for an empty or blank query, and none for text no note holds", () => {
    expect(ids("")).toEqual([ID_A, ID_B, ID_C]);
    expect(ids("   ")).toEqual([ID_A, ID_B, ID_C]);
    expect(ids("porto")).toEqual([]);
  });
});

describe("a folder's or a tag's list in the offline shell", () => {
  const notes = [
    { id: ID_A, folder_id: "f1", tags: ["trip/lisbon", "food"] },
    { id: ID_B, folder_id: "f2", tags: ["trip"] },
    { id: ID_C, folder_id: null, tags: ["tripod"] },
  ];
  const ids = (scope: Parameters<typeof notesInScope>[1]) =>
    notesInScope(notes, scope).map((n) => n.id);

  it("reads the scope from the app's own addresses, and writes them back", () => {
    expect(scopeFromAddress("/notes", "")).toBeNull();
    expect(scopeFromAddress("/notes", "?folder=f1")).toEqual({ folder: "f1" });
    expect(scopeFromAddress("/notes/tags/Trip/Lisbon", "")).toEqual({ tag: "trip/lisbon" });
    expect(scopeFromAddress("/notes/tags/caf%C3%A9", "")).toEqual({ tag: "café" });
    expect(scopeFromAddress("/notes/tags/%E0%A4%A", "")).toBeNull();
    expect(addressOfScope(null)).toBe("/notes");
    expect(addressOfScope({ folder: "f1" })).toBe("/notes?folder=f1");
    expect(addressOfScope({ tag: "café/menu" })).toBe("/notes/tags/caf%C3%A9/menu");
    expect(scopeFromAddress(addressOfScope({ tag: "café/menu" }), "")).toEqual({
      tag: "café/menu",
    });
    expect(scopeFromAddress("/notes/shared", "")).toEqual({ shared: true });
    expect(scopeFromAddress("/notes/shared/", "")).toEqual({ shared: true });
    expect(addressOfScope({ shared: true })).toBe("/notes/shared");
  });

  it("lists a folder's own notes, and a tag's with its sub-tags' but not a longer tag's", () => {
    expect(ids(null)).toEqual([ID_A, ID_B, ID_C]);
    expect(ids({ folder: "f1" })).toEqual([ID_A]);
    expect(ids({ folder: "none" })).toEqual([]);
    expect(ids({ tag: "trip" })).toEqual([ID_A, ID_B]);
    expect(ids({ tag: "trip/lisbon" })).toEqual([ID_A]);
    expect(ids({ tag: "tripod" })).toEqual([ID_C]);
  });

  it("names every tag with its parents, each note counted once", () => {
    expect(shellTags([...notes, { tags: ["trip", "trip/porto"] }])).toEqual([
      { tag: "food", count: 1 },
      { tag: "trip", count: 3 },
      { tag: "trip/lisbon", count: 1 },
      { tag: "trip/porto", count: 1 },
      { tag: "tripod", count: 1 },
    ]);
    expect(shellTags(notes)).toEqual([
      { tag: "food", count: 1 },
      { tag: "trip", count: 2 },
      { tag: "trip/lisbon", count: 1 },
      { tag: "tripod", count: 1 },
    ]);
  });

  it("orders folders as a tree, by name, and keeps one whose parent is not kept", () => {
    const tree = foldersInOrder([
      { id: "b", name: "Work", parent_id: null },
      { id: "c", name: "Q3", parent_id: "b" },
      { id: "a", name: "Home", parent_id: null },
      { id: "d", name: "Orphan", parent_id: "gone" },
    ]);
    expect(tree.map(({ folder, depth }) => [folder.name, depth])).toEqual([
      ["Home", 0],
      ["Orphan", 0],
      ["Work", 0],
      ["Q3", 1],
    ]);
  });
});

describe("what the service worker stands in for", () => {
  it("serves the shell for the notes lists and a note's page only", () => {
    expect(shellServes("/notes")).toBe(true);
    expect(shellServes(`/notes/${ID_A}`)).toBe(true);
    expect(shellServes("/notes/tags/trip/lisbon")).toBe(true);
    expect(shellServes("/notes/tags/")).toBe(false);
    expect(shellServes("/notes/shared")).toBe(true);
    expect(shellServes("/notes/shared/folders")).toBe(false);
    expect(shellServes(`/notes/${ID_A}/updates`)).toBe(false);
    expect(shellServes("/notes/trash")).toBe(false);
    expect(shellServes("/account")).toBe(false);
    expect(noteIdFromPath(`/notes/${ID_A.toUpperCase()}`)).toBe(ID_A);
    expect(noteIdFromPath("/notes")).toBeNull();
  });

  it("keeps only the build's caches across a sign-out", () => {
    expect(cacheIsPublic("serwist-precache-v2-https://x/")).toBe(true);
    expect(cacheIsPublic("groundwork-shell-abc")).toBe(true);
    expect(cacheIsPublic("pages")).toBe(false);
  });
});

describe("the shell that opens a note", () => {
  const POLICY = "default-src 'self'; script-src 'self' 'nonce-ab+c/d==' 'strict-dynamic'";
  const HTML =
    '<!DOCTYPE html><html><head><script src="/_next/static/chunks/main.js" async=""></script></head><body></body></html>';

  it("is kept apart from the list's, which a note's address gets and the list's does not", () => {
    expect(shellKeyFor(`/notes/${ID_A}`)).toBe(NOTE_SHELL_KEY);
    expect(shellKeyFor("/notes")).toBe(SHELL_PATH);
    expect(NOTE_SHELL_KEY).not.toBe(SHELL_PATH);
  });

  it("asks for the editor's scripts and stylesheet in its head, after the framework's, with the page's nonce", () => {
    const html = withPreloads(HTML, POLICY, [
      "/_next/static/chunks/editor.js",
      "/_next/static/chunks/editor.css",
    ]);
    const head = html.slice(html.indexOf("<head>"), html.indexOf("</head>"));
    expect(head.indexOf("main.js")).toBeLessThan(head.indexOf("editor.js"));
    expect(head).toContain(
      '<link rel="preload" as="script" fetchpriority="low" href="/_next/static/chunks/editor.js" nonce="ab+c/d==" data-shell-preload/>',
    );
    expect(head).toContain(
      '<link rel="preload" as="style" fetchpriority="low" href="/_next/static/chunks/editor.css" nonce="ab+c/d==" data-shell-preload/>',
    );
    expect(html.slice(html.indexOf("</head>"))).toBe("</head><body></body></html>");
  });

  it("carries no nonce where the policy names none, and is left as it was with nothing to ask for", () => {
    expect(withPreloads(HTML, null, ["/a.js"])).toContain(
      '<link rel="preload" as="script" fetchpriority="low" href="/a.js" data-shell-preload/></head>',
    );
    expect(withPreloads(HTML, POLICY, [])).toBe(HTML);
    expect(withPreloads("<p>no head</p>", POLICY, ["/a.js"])).toBe("<p>no head</p>");
  });
});
