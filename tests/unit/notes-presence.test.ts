import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Awareness } from "y-protocols/awareness";
import * as Y from "yjs";

import { notePeopleFrom } from "@/lib/notes/note-people";
import { clientsOf, colorFor, facesOf, presentIn, unknownIn } from "@/lib/notes/presence";
import { AwarenessRelay } from "@/lib/notes/sync/awareness-relay";

const ANA = "0f8fad5b-d9cb-469f-a165-70867728950e";
const BEN = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const ME = "16fd2706-8baf-433b-82eb-8c7fada847da";
const CY = "a8098c1a-f86e-41a6-9bd7-11d8d1a2f3c4";
const DEE = "6fa459ea-ee8a-4ca4-894e-db77e160355e";

const meta = (user_id: string, name: string, since: string, extra = {}) => [
  { user_id, name, avatar: null, client: 1, since, ...extra },
];

/** The note's people as the server lists them (`note_people`). */
const server = notePeopleFrom([
  { user_id: ME, role: "owner", name: "Me Myself", email: "me@example.com", avatar_path: null },
  { user_id: ANA, role: "editor", name: "Ana Lima", email: "", avatar_path: `${ANA}/face.png` },
  { user_id: BEN, role: "viewer", name: "", email: "ben@example.com", avatar_path: null },
  // A path outside the person's own folder is no picture of theirs.
  { user_id: CY, role: "editor", name: "Cy", email: "", avatar_path: `${BEN}/face.png` },
]);

describe("who is here on a note", () => {
  it("lists other people once each, first come first, and counts this person's other devices", () => {
    const here = presentIn(
      {
        mine: meta(ME, "Me", "2026-01-01T00:00:00Z"),
        phone: meta(ME, "Me", "2026-01-01T00:00:01Z"),
        "ben-laptop": meta(BEN, "Ben", "2026-01-01T00:00:05Z"),
        "ana-laptop": meta(ANA, "Ana", "2026-01-01T00:00:03Z"),
        "ana-phone": meta(ANA, "Ana", "2026-01-01T00:00:02Z"),
      },
      { userId: ME, device: "mine" },
    );
    expect(here.userIds).toEqual([ANA, BEN]);
    expect(here.myOtherDevices).toBe(1);
    expect(here.devices).toBe(4);
    expect(facesOf(here.userIds, server)).toEqual([
      { userId: ANA, name: "Ana Lima", avatarPath: `${ANA}/face.png`, color: colorFor(ANA) },
      { userId: BEN, name: "ben@example.com", avatarPath: null, color: colorFor(BEN) },
    ]);
  });

  it("shows the name and face the server has for an id, never those a device put in presence", () => {
    const here = presentIn(
      {
        // Ben's device says it is the owner, with the owner's picture.
        "ben-laptop": meta(BEN, "Me Myself", "1", { avatar: `${ME}/face.png` }),
        "cy-laptop": meta(CY, "Cy", "2", { avatar: `${CY}/face.png` }),
        // Someone the list does not name (yet): "Someone", with no picture.
        "dee-laptop": meta(DEE, "Ana Lima", "3", { avatar: `${DEE}/face.png` }),
      },
      { userId: ME, device: "mine" },
    );
    expect(facesOf(here.userIds, server)).toEqual([
      { userId: BEN, name: "ben@example.com", avatarPath: null, color: colorFor(BEN) },
      { userId: CY, name: "Cy", avatarPath: null, color: colorFor(CY) },
      { userId: DEE, name: "Someone", avatarPath: null, color: colorFor(DEE) },
    ]);
    expect(unknownIn(here.userIds, server)).toEqual([DEE]);
  });

  it("leaves out what a device wrote wrong: no id, an id that is not one", () => {
    const here = presentIn(
      {
        a: [{ name: "No id" }],
        b: meta(ANA, "x".repeat(500), "1"),
        c: meta("../../etc", "Cy", "2"),
        d: [null],
      },
      { userId: ME, device: "mine" },
    );
    expect(here.userIds).toEqual([ANA]);
    expect(here.devices).toBe(4);
    expect(facesOf(here.userIds, new Map())).toEqual([
      { userId: ANA, name: "Someone", avatarPath: null, color: colorFor(ANA) },
    ]);
    expect(clientsOf([{ user_id: ANA, client: 42 }, { client: 7 }, "x"])).toEqual([42]);
  });

  it("gives each person one colour on every device, and different people mostly different ones", () => {
    expect(colorFor(ANA)).toBe(colorFor(ANA));
    expect(colorFor(ANA)).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set([ANA, BEN, ME, CY, DEE].map(colorFor)).size).toBeGreaterThan(2);
  });
});

describe("carets between devices (awareness relay)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function device(name: string) {
    const awareness = new Awareness(new Y.Doc());
    const posted: Uint8Array[] = [];
    const relay = new AwarenessRelay(awareness, (u) => posted.push(u), { windowMs: 100 });
    awareness.setLocalStateField("user", { id: ANA, name });
    return { awareness, posted, relay };
  }

  it("sends nothing alone; sends its caret to someone who arrives, at most once per window", () => {
    const ana = device("Ana");
    const ben = device("Ben");
    ana.awareness.setLocalStateField("cursor", { anchor: 1, head: 1 });
    expect(ana.posted).toHaveLength(0);

    ana.relay.setPeers(1);
    expect(ana.posted).toHaveLength(1);
    for (let i = 2; i < 12; i++) ana.awareness.setLocalStateField("cursor", { anchor: i, head: i });
    expect(ana.posted).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(ana.posted).toHaveLength(2);

    for (const u of ana.posted) ben.relay.receive(u);
    const seen = ben.awareness.getStates().get(ana.awareness.clientID);
    expect(seen).toEqual({ user: { id: ANA, name: "Ana" }, cursor: { anchor: 11, head: 11 } });
    ben.relay.receive(new Uint8Array([1, 2, 3]));
    expect(ben.awareness.getStates().get(ana.awareness.clientID)).toEqual(seen);
  });

  it("a device that leaves takes its caret with it, by presence or by its last message", () => {
    const ana = device("Ana");
    const ben = device("Ben");
    ana.relay.setPeers(1);
    ben.relay.receive(ana.posted.at(-1)!);
    expect(ben.awareness.getStates().has(ana.awareness.clientID)).toBe(true);
    ben.relay.forget([ana.awareness.clientID]);
    expect(ben.awareness.getStates().has(ana.awareness.clientID)).toBe(false);

    vi.advanceTimersByTime(200);
    ana.awareness.setLocalStateField("cursor", { anchor: 3, head: 3 });
    vi.advanceTimersByTime(200);
    ben.relay.receive(ana.posted.at(-1)!);
    expect(ben.awareness.getStates().has(ana.awareness.clientID)).toBe(true);
    ana.relay.close();
    ben.relay.receive(ana.posted.at(-1)!);
    expect(ben.awareness.getStates().has(ana.awareness.clientID)).toBe(false);

    // Alone again: nobody else's caret is left behind.
    const cy = device("Cy");
    cy.relay.setPeers(1);
    ben.relay.receive(cy.posted[0]!);
    expect(ben.awareness.getStates().has(cy.awareness.clientID)).toBe(true);
    ben.relay.setPeers(1);
    ben.relay.setPeers(0);
    expect([...ben.awareness.getStates().keys()]).toEqual([ben.awareness.clientID]);
  });
});
