import * as Y from "yjs";
import { afterEach, describe, expect, it, vi } from "vitest";

import { NoteSync } from "@/lib/notes/sync/note-sync";
import {
  StaleCompactionError,
  TransientError,
  type NoteStore,
  type SaveState,
} from "@/lib/notes/sync/types";

/** The database's side in memory: notes.ydoc + version, note_updates rows, and a switch for the network. */
class MemoryDatabase {
  ydoc: Uint8Array = new Uint8Array();
  version = 0;
  rows: { id: number; data: Uint8Array }[] = [];
  text = { title: "", body: "" };
  online = true;
  private nextId = 1;

  storeFor(): NoteStore {
    const reachable = () => {
      if (!this.online) throw new TransientError("Failed to fetch");
    };
    return {
      load: async () => {
        reachable();
        return { ydoc: this.ydoc, version: this.version, updates: [...this.rows] };
      },
      append: async (data) => {
        reachable();
        const id = this.nextId++;
        this.rows.push({ id, data });
        this.deriveText();
        return id;
      },
      compact: async (state, base, ids) => {
        reachable();
        if (base !== this.version) throw new StaleCompactionError("stale");
        this.ydoc = state;
        this.version += 1;
        this.rows = this.rows.filter((r) => !ids.includes(r.id));
        return this.version;
      },
      derive: async () => {
        reachable();
        this.deriveText();
      },
    };
  }

  /** As the server does on every store: the text from the stored document. */
  private deriveText(): void {
    const doc = new Y.Doc();
    if (this.ydoc.length) Y.applyUpdate(doc, this.ydoc);
    for (const r of this.rows) Y.applyUpdate(doc, r.data);
    this.text = derive(doc);
  }

  /** What a device opening the note now would see. */
  textOnOpen(): string {
    const doc = new Y.Doc();
    if (this.ydoc.length) Y.applyUpdate(doc, this.ydoc);
    for (const r of this.rows) Y.applyUpdate(doc, r.data);
    return doc.getText("t").toString();
  }
}

const derive = (doc: Y.Doc) => ({ title: doc.getText("t").toString().split("\n")[0], body: "" });
const syncs: NoteSync[] = [];
afterEach(() => syncs.splice(0).forEach((s) => s.destroy()));

/** A device: its own doc and sync; broadcasts reach `peers` while `connected`. */
function device(db: MemoryDatabase, compactAfter = 50) {
  const states: SaveState[] = [];
  const doc = new Y.Doc();
  const d = {
    doc,
    states,
    connected: true,
    peers: [] as { sync: NoteSync; connected: boolean }[],
    sync: null as unknown as NoteSync,
    text: () => doc.getText("t").toString(),
  };
  d.sync = new NoteSync(
    doc,
    db.storeFor(),
    {
      send: (u) => {
        if (!d.connected) return;
        for (const p of d.peers) if (p.connected) p.sync.receive(u);
      },
    },
    { derive, onState: (s) => states.push(s), compactAfter, textDelayMs: 0, retryMs: () => 5 },
  );
  syncs.push(d.sync);
  return d;
}

const settle = () => new Promise((r) => setTimeout(r, 30));

describe("NoteSync", () => {
  it("a viewer's device stores and sends nothing; made an editor, it stores what it has first", async () => {
    const db = new MemoryDatabase();
    const [owner, viewer] = [device(db), device(db)];
    owner.peers.push(viewer);
    viewer.peers.push(owner);
    owner.doc.getText("t").insert(0, "the plan");
    await settle();
    viewer.sync.setReadOnly(true);
    await viewer.sync.catchUp();
    expect(viewer.text()).toBe("the plan");

    // The viewer's document changes on the device (the editor tidying what it shows): nothing is
    // stored, sent or said to be waiting.
    viewer.doc.getText("t").insert(8, ".");
    await settle();
    expect(db.rows).toHaveLength(1);
    expect(owner.text()).toBe("the plan");
    expect(viewer.sync.hasUnsavedChanges()).toBe(false);
    expect(viewer.states).not.toContain("error");
    await viewer.sync.catchUp();
    expect(db.rows).toHaveLength(1);

    // Made an editor: what the device had is stored before what is typed after it.
    viewer.sync.setReadOnly(false);
    await settle();
    viewer.doc.getText("t").insert(9, " Go");
    await settle();
    expect(db.textOnOpen()).toBe("the plan. Go");
    expect(owner.text()).toBe("the plan. Go");
  });

  it("stores every local change and shows it on the other open device", async () => {
    const db = new MemoryDatabase();
    const [a, b] = [device(db), device(db)];
    a.peers.push(b);
    b.peers.push(a);
    await Promise.all([a.sync.catchUp(), b.sync.catchUp()]);
    a.doc.getText("t").insert(0, "hello");
    await settle();
    expect(b.text()).toBe("hello");
    expect(db.textOnOpen()).toBe("hello");
    expect(a.states.at(-1)).toBe("saved");
    expect(db.text.title).toBe("hello");
  });

  it("words typed before the channel is joined reach the devices already there, once it is", async () => {
    const db = new MemoryDatabase();
    const there = device(db);
    there.doc.getText("t").insert(0, "Trip plan.");
    await settle();
    let clock = 0;
    const joining = async () => {
      const doc = new Y.Doc();
      const sync = new NoteSync(doc, db.storeFor(), null, {
        derive,
        textDelayMs: 0,
        retryMs: () => 5,
        now: () => clock,
      });
      syncs.push(sync);
      await sync.catchUp();
      return { doc, sync };
    };
    const told: Uint8Array[] = [];
    const transport = { send: (u: Uint8Array) => void told.push(u) };

    const late = await joining();
    late.doc.getText("t").insert(10, " Bring a hat.");
    await settle();
    // Stored, but the device that had the note open loaded it before: it has not heard.
    expect(db.textOnOpen()).toBe("Trip plan. Bring a hat.");
    expect(there.text()).toBe("Trip plan.");
    clock = 9_000;
    late.sync.setTransport(transport);
    expect(told).toHaveLength(1);
    there.sync.receive(told[0]);
    expect(there.text()).toBe("Trip plan. Bring a hat.");
    // Told once: joining again later sends nothing more.
    late.sync.setTransport(null);
    late.sync.setTransport(transport);
    expect(told).toHaveLength(1);

    // Words older than ten seconds are not sent: the others have caught up from storage since.
    const slow = await joining();
    slow.doc.getText("t").insert(0, "Pack. ");
    await settle();
    clock = 20_000;
    slow.sync.setTransport(transport);
    expect(told).toHaveLength(1);
  });

  it("two devices typing at once at different places both keep every character", async () => {
    const db = new MemoryDatabase();
    const [a, b] = [device(db), device(db)];
    a.peers.push(b);
    b.peers.push(a);
    a.doc.getText("t").insert(0, "start end");
    await settle();
    a.doc.getText("t").insert(0, "AAA ");
    b.doc.getText("t").insert(9, " BBB");
    await settle();
    expect(a.text()).toBe(b.text());
    expect(a.text()).toContain("AAA");
    expect(a.text()).toContain("BBB");
    expect(db.textOnOpen()).toBe(a.text());
  });

  it("edits made offline are kept, said to be kept, and merged when the network returns", async () => {
    const db = new MemoryDatabase();
    const [a, b] = [device(db), device(db)];
    a.peers.push(b);
    b.peers.push(a);
    a.doc.getText("t").insert(0, "shared");
    await settle();
    db.online = false;
    b.connected = false;
    b.doc.getText("t").insert(6, " offline-b");
    a.doc.getText("t").insert(0, "online-a ");
    await settle();
    expect(b.states.at(-1)).toBe("offline");
    db.online = true;
    b.connected = true;
    await b.sync.catchUp();
    await a.sync.catchUp();
    expect(a.text()).toBe(b.text());
    expect(a.text()).toContain("online-a");
    expect(a.text()).toContain("offline-b");
    expect(db.textOnOpen()).toBe(a.text());
  });

  it("a device reopened with only its local copy stores what the database lacks", async () => {
    const db = new MemoryDatabase();
    const first = device(db);
    first.doc.getText("t").insert(0, "kept on device");
    db.online = false;
    await settle();
    // The page reloads: the local copy (IndexedDB) is all that holds the text.
    const saved = Y.encodeStateAsUpdate(first.doc);
    first.sync.destroy();
    db.online = true;
    const reopened = device(db);
    Y.applyUpdate(reopened.doc, saved);
    await reopened.sync.catchUp();
    expect(db.textOnOpen()).toBe("kept on device");
  });

  it("compaction folds rows into the stored state and two compacting devices lose nothing", async () => {
    const db = new MemoryDatabase();
    const [a, b] = [device(db, 3), device(db, 3)];
    // No broadcasts between them: only the database connects them.
    for (let i = 0; i < 4; i++) {
      a.doc.getText("t").insert(0, `a${i} `);
      b.doc.getText("t").insert(0, `b${i} `);
      await settle();
    }
    await a.sync.catchUp();
    await b.sync.catchUp();
    await settle();
    const opened = db.textOnOpen();
    for (let i = 0; i < 4; i++) {
      expect(opened).toContain(`a${i}`);
      expect(opened).toContain(`b${i}`);
    }
    expect(db.version).toBeGreaterThan(0);
    expect(db.rows.length).toBeLessThan(8);
  });

  it("a refused write is reported as an error and kept for a retry", async () => {
    const db = new MemoryDatabase();
    const store = db.storeFor();
    let refuse = true;
    const doc = new Y.Doc();
    const states: string[] = [];
    const sync = new NoteSync(
      doc,
      {
        ...store,
        append: (u) => (refuse ? Promise.reject(new Error("too large")) : store.append(u)),
      },
      null,
      { derive, onState: (s, m) => states.push(m ? `${s}: ${m}` : s), textDelayMs: 0 },
    );
    syncs.push(sync);
    doc.getText("t").insert(0, "precious");
    await settle();
    expect(states.at(-1)).toBe("error: too large");
    refuse = false;
    sync.retry();
    await settle();
    expect(states.at(-1)).toBe("saved");
    expect(db.textOnOpen()).toBe("precious");
  });
  it("a note with text but no document, opened on two devices at once, gets its text once", async () => {
    const db = new MemoryDatabase();
    db.text = { title: "Imported", body: "" };
    const [a, b] = [device(db), device(db)];
    a.peers.push(b);
    b.peers.push(a);
    // Both load the note before either has given it a document.
    await Promise.all([a.sync.catchUp(), b.sync.catchUp()]);
    // Each device builds the document in its own way (its own Yjs client), as editors do.
    const build = () => {
      const doc = new Y.Doc();
      doc.getText("t").insert(0, "Imported");
      return Y.encodeStateAsUpdate(doc);
    };
    await Promise.all([a.sync.seed(build, db.text), b.sync.seed(build, db.text)]);
    await settle();
    expect(a.text()).toBe("Imported");
    expect(b.text()).toBe("Imported");
    expect(db.textOnOpen()).toBe("Imported");
    // Opening it again later keeps the one document.
    const c = device(db);
    await c.sync.catchUp();
    await c.sync.seed(build, db.text);
    expect(c.text()).toBe("Imported");
    expect(db.textOnOpen()).toBe("Imported");
  });
  it("a note seeded while the database is unreachable shows its text and stores it later", async () => {
    const db = new MemoryDatabase();
    const a = device(db);
    await a.sync.catchUp();
    db.online = false;
    const build = () => {
      const doc = new Y.Doc();
      doc.getText("t").insert(0, "Imported offline");
      return Y.encodeStateAsUpdate(doc);
    };
    await a.sync.seed(build, { title: "Imported offline", body: "" });
    expect(a.text()).toBe("Imported offline");
    expect(a.states.at(-1)).toBe("offline");
    db.online = true;
    a.sync.retry();
    await settle();
    expect(db.textOnOpen()).toBe("Imported offline");
  });
});

describe("a sync stopped while it stores", () => {
  it("lets its flush end instead of flushing again without end (the page stays responsive)", async () => {
    const db = new MemoryDatabase();
    const store = db.storeFor();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let appends = 0;
    const slow: NoteStore = {
      ...store,
      append: async (data) => {
        appends++;
        await held;
        return store.append(data);
      },
    };
    const doc = new Y.Doc();
    const sync = new NoteSync(doc, slow, null, {});
    doc.getText("t").insert(0, "first");
    const flushing = sync.flush();
    // Typed while the first edit is on its way: pending when the note is closed.
    doc.getText("t").insert(5, " second");
    sync.destroy();
    release();
    await flushing;
    // Were the flush to start again, it would never yield; a timer firing proves it ended.
    await new Promise((r) => setTimeout(r, 20));
    expect(appends).toBe(1);
    expect(sync.hasUnsavedChanges()).toBe(true);
  });
});

describe("NoteSync's store window", () => {
  afterEach(() => vi.useRealTimers());

  /** A device storing in a 500 ms window, with a peer that hears each broadcast. */
  function windowed(db: MemoryDatabase, store = db.storeFor()) {
    const states: SaveState[] = [];
    const doc = new Y.Doc();
    const heard = new Y.Doc();
    const sync = new NoteSync(
      doc,
      store,
      { send: (u) => Y.applyUpdate(heard, u) },
      { onState: (s) => states.push(s), storeEveryMs: 500, retryMs: () => 5 },
    );
    syncs.push(sync);
    return {
      doc,
      heard,
      sync,
      states,
      type: (at: number, s: string) => doc.getText("t").insert(at, s),
    };
  }

  it("typing steadily stores at most once a window, the first key at once, and the other device hears every key", async () => {
    vi.useFakeTimers();
    const db = new MemoryDatabase();
    const d = windowed(db);
    const words = "a key every fifty ms";
    d.type(0, words[0]);
    await vi.advanceTimersByTimeAsync(0);
    // The first change after a pause is not held.
    expect(db.rows).toHaveLength(1);
    expect(db.textOnOpen()).toBe("a");
    for (let i = 1; i < words.length; i++) {
      await vi.advanceTimersByTimeAsync(50);
      d.type(i, words[i]);
      expect(d.heard.getText("t").toString()).toBe(words.slice(0, i + 1));
      expect(d.sync.hasUnsavedChanges()).toBe(true);
    }
    // 19 more keys over 950 ms: two windows' worth, not a store per key.
    expect(db.rows.length).toBeLessThanOrEqual(3);
    expect(d.states.at(-1)).toBe("saving");
    await vi.advanceTimersByTimeAsync(500);
    expect(db.rows.length).toBeLessThanOrEqual(4);
    expect(db.textOnOpen()).toBe(words);
    expect(d.states.at(-1)).toBe("saved");
    expect(d.sync.hasUnsavedChanges()).toBe(false);

    // After a pause the next key goes at once again.
    const before = db.rows.length;
    await vi.advanceTimersByTimeAsync(2_000);
    d.type(words.length, ".");
    await vi.advanceTimersByTimeAsync(0);
    expect(db.rows).toHaveLength(before + 1);
    expect(db.textOnOpen()).toBe(`${words}.`);
  });

  it("a note closed or sent to the background within the window stores what it holds at once", async () => {
    vi.useFakeTimers();
    const db = new MemoryDatabase();
    const d = windowed(db);
    d.type(0, "Milk");
    await vi.advanceTimersByTimeAsync(10);
    d.type(4, ", eggs");
    await vi.advanceTimersByTimeAsync(10);
    expect(db.textOnOpen()).toBe("Milk");
    d.sync.storeNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(db.textOnOpen()).toBe("Milk, eggs");
    // Nothing held: nothing more is stored.
    d.sync.storeNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(db.rows).toHaveLength(2);

    d.type(10, ", bread");
    await vi.advanceTimersByTimeAsync(10);
    expect(db.textOnOpen()).toBe("Milk, eggs");
    d.sync.destroy();
    await vi.advanceTimersByTimeAsync(0);
    expect(db.textOnOpen()).toBe("Milk, eggs, bread");
  });

  it("offline, the window does not hold a retry back, and the held keys are stored on return", async () => {
    vi.useFakeTimers();
    const db = new MemoryDatabase();
    const d = windowed(db);
    db.online = false;
    d.type(0, "On the plane");
    await vi.advanceTimersByTimeAsync(0);
    expect(d.states).toContain("offline");
    d.type(12, " with no network");
    await vi.advanceTimersByTimeAsync(200);
    db.online = true;
    d.sync.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(db.textOnOpen()).toBe("On the plane with no network");
    expect(d.states.at(-1)).toBe("saved");
  });
});

describe("NoteSync's text for the page", () => {
  afterEach(() => vi.useRealTimers());

  it("is told once typing pauses for the delay, with what was typed last, and not while it goes on", async () => {
    vi.useFakeTimers();
    const doc = new Y.Doc();
    const told: string[] = [];
    const sync = new NoteSync(doc, new MemoryDatabase().storeFor(), null, {
      derive,
      onText: (text) => told.push(text.title),
      textDelayMs: 800,
    });
    syncs.push(sync);
    const words = "Packing list for Lisbon";
    for (let i = 0; i < words.length; i++) {
      doc.getText("t").insert(i, words[i]);
      await vi.advanceTimersByTimeAsync(100);
    }
    // 2.3 s of typing, a key every 100 ms: nothing told yet.
    expect(told).toEqual([]);
    await vi.advanceTimersByTimeAsync(699);
    expect(told).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(told).toEqual([words]);
    // Told again only when something changed.
    doc.getText("t").insert(words.length, "!");
    await vi.advanceTimersByTimeAsync(800);
    expect(told).toEqual([words, `${words}!`]);
  });

  it("is told what was typed last when the note is put away before typing pauses, and once only", async () => {
    vi.useFakeTimers();
    const doc = new Y.Doc();
    const told: string[] = [];
    const sync = new NoteSync(doc, new MemoryDatabase().storeFor(), null, {
      derive,
      onText: (text) => told.push(text.title),
      textDelayMs: 800,
    });
    doc.getText("t").insert(0, "Tickets to Porto");
    await vi.advanceTimersByTimeAsync(100);
    expect(told).toEqual([]);
    // Another note opened (or the page left) at once: the list still hears the text.
    sync.destroy();
    expect(told).toEqual(["Tickets to Porto"]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(told).toEqual(["Tickets to Porto"]);
  });

  it("is told at once when the page asks (hidden or closing), then waits for new typing again", async () => {
    vi.useFakeTimers();
    const doc = new Y.Doc();
    const told: string[] = [];
    const sync = new NoteSync(doc, new MemoryDatabase().storeFor(), null, {
      derive,
      onText: (text) => told.push(text.title),
      textDelayMs: 800,
    });
    syncs.push(sync);
    sync.tellTextNow();
    expect(told).toEqual([]);
    doc.getText("t").insert(0, "Train at eight");
    sync.tellTextNow();
    expect(told).toEqual(["Train at eight"]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(told).toEqual(["Train at eight"]);
    doc.getText("t").insert(14, "!");
    await vi.advanceTimersByTimeAsync(800);
    expect(told).toEqual(["Train at eight", "Train at eight!"]);
  });

  it("is told when only the tags changed: a tag typed past the start of a long note", async () => {
    vi.useFakeTimers();
    const doc = new Y.Doc();
    const told: { title: string; tags?: string[] }[] = [];
    // The start of the body is all the list keeps; the tags are read from the whole text.
    const sync = new NoteSync(doc, new MemoryDatabase().storeFor(), null, {
      derive: (d) => {
        const text = d.getText("t").toString();
        return {
          title: text.slice(0, 12),
          body: "",
          tags: [...text.matchAll(/#(\w+)/g)].map((m) => m[1]),
        };
      },
      onText: ({ title, tags }) => told.push({ title, tags }),
      textDelayMs: 800,
    });
    syncs.push(sync);
    sync.assumeShownText({ title: "Packing list", body: "" });
    doc.getText("t").insert(0, "Packing list: sandals, a raincoat");
    await vi.advanceTimersByTimeAsync(800);
    expect(told).toEqual([{ title: "Packing list", tags: [] }]);
    doc.getText("t").insert(33, " #lisbon");
    await vi.advanceTimersByTimeAsync(800);
    expect(told).toEqual([
      { title: "Packing list", tags: [] },
      { title: "Packing list", tags: ["lisbon"] },
    ]);
  });
});
