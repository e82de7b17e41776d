import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { createSharedNote } from "@/lib/share-target/create";
import type { NotesWorld } from "./notes-support";
import { startTagsWorld } from "./tags-support";

let w: NotesWorld;

beforeAll(async () => {
  w = await startTagsWorld();
});
afterAll(() => w?.t.stop());

const fields = { title: "Seed order", text: "Tomatoes, basil", url: "" };

async function create(...args: Parameters<typeof createSharedNote>) {
  const made = await import("@/lib/share-target/create");
  return made.createSharedNote(...args);
}

describe("a share made a note, claimed again", () => {
  it("answers the note the first claim made, and the person has one note of it", async () => {
    const shareId = crypto.randomUUID();
    const first = await create(w.owner, w.ownerId, fields, "/share", ["plan.pdf"], shareId);
    const again = await create(w.owner, w.ownerId, fields, "/share", ["plan.pdf"], shareId);
    expect(first).toEqual({ id: shareId });
    expect(again).toEqual({ id: shareId });

    const notes = await w.owner.from("notes").select("id, title").eq("title", "Seed order");
    expect(notes.error).toBeNull();
    expect(notes.data).toEqual([{ id: shareId, title: "Seed order" }]);
  });

  it("refuses a share id that is another person's note, and tells nothing of it", async () => {
    const shareId = crypto.randomUUID();
    const owners = await create(w.owner, w.ownerId, fields, "/share", [], shareId);
    expect(owners).toEqual({ id: shareId });

    const others = await create(
      w.other,
      w.otherId,
      { ...fields, title: "Mine" },
      "/share",
      [],
      shareId,
    );
    expect(others).toEqual({ error: expect.stringContaining("could not be made a note") });
    expect(JSON.stringify(others)).not.toContain("Seed order");

    const owned = await w.service
      .from("notes")
      .select("owner_id, title")
      .eq("id", shareId)
      .single();
    expect(owned.data).toEqual({ owner_id: w.ownerId, title: "Seed order" });
    const seen = await w.other.from("notes").select("id").eq("id", shareId);
    expect(seen.data).toEqual([]);
  });

  it("still makes a note with an id of its own when no share id is given", async () => {
    const made = await create(
      w.owner,
      w.ownerId,
      { ...fields, title: "Kept in the tab" },
      "/share",
    );
    expect(made).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });
});
