import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNotesWorld, type NotesWorld } from "./notes-support";

let w: NotesWorld;
beforeAll(async () => {
  w = await startNotesWorld();
});
afterAll(() => w?.t.stop());

const PUBLIC_FIELDS = ["author_name", "body", "indexable", "title", "updated_at"];

async function ownedNote(title: string, body = "Body text") {
  const { data, error } = await w.owner.from("notes").insert({ title, body }).select("id").single();
  if (error) throw error;
  return data.id;
}

async function share(id: string): Promise<string> {
  const { data, error } = await w.owner.rpc("share_note", { note_id: id });
  if (error) throw error;
  return data;
}

describe("a shared note is readable through its slug only", () => {
  it("a shared note gives its public fields, and only those, to anyone", async () => {
    const id = await ownedNote("Trip plan", "Pack *boots*");
    await w.service.from("profiles").update({ display_name: "Ada" }).eq("id", w.ownerId);
    const slug = await share(id);
    // 16 random bytes, base64url without padding: 128 bits nobody can guess.
    expect(slug).toMatch(/^[A-Za-z0-9_-]{22}$/);
    for (const client of [w.anon, w.other, w.owner]) {
      const { data, error } = await client.rpc("shared_note", { slug });
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
      expect(Object.keys(data![0]).sort()).toEqual(PUBLIC_FIELDS);
      expect(data![0]).toMatchObject({
        title: "Trip plan",
        body: "Pack *boots*",
        author_name: "Ada",
        indexable: false,
      });
    }
  });

  it("sharing twice keeps the link; sharing after a stop makes a new one", async () => {
    const id = await ownedNote("Twice");
    const first = await share(id);
    expect(await share(id)).toBe(first);
    expect((await w.owner.rpc("unshare_note", { note_id: id })).error).toBeNull();
    const second = await share(id);
    expect(second).not.toBe(first);
    expect((await w.anon.rpc("shared_note", { slug: first })).data).toEqual([]);
  });

  it("an unshared note, a revoked slug and a wrong slug give nothing", async () => {
    const never = await ownedNote("Never shared");
    const revokedId = await ownedNote("Revoked");
    const revoked = await share(revokedId);
    await w.owner.rpc("unshare_note", { note_id: revokedId });
    const { data: row } = await w.owner.from("notes").select("share_slug").eq("id", never).single();
    expect(row!.share_slug).toBeNull();
    for (const slug of [revoked, "A".repeat(22), "", "x' or 1=1 --", "%"]) {
      const { data, error } = await w.anon.rpc("shared_note", { slug });
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
  });

  it("a note in the trash stops being readable, and cannot be shared", async () => {
    const id = await ownedNote("Trashed");
    const slug = await share(id);
    await w.owner.from("notes").update({ deleted_at: new Date().toISOString() }).eq("id", id);
    expect((await w.anon.rpc("shared_note", { slug })).data).toEqual([]);
    const again = await w.owner.rpc("share_note", { note_id: id });
    expect(again.error?.message).toMatch(/in the trash/);
  });

  it("nobody shares or unshares a note that is not theirs", async () => {
    const id = await ownedNote("Mine");
    for (const client of [w.other, w.anon]) {
      expect((await client.rpc("share_note", { note_id: id })).error).not.toBeNull();
      expect((await client.rpc("unshare_note", { note_id: id })).error).not.toBeNull();
    }
    const { data } = await w.owner.from("notes").select("share_slug").eq("id", id).single();
    expect(data!.share_slug).toBeNull();
  });

  it("a visitor can never list notes or read their private columns", async () => {
    const id = await ownedNote("Private columns");
    await share(id);
    const list = await w.anon.from("notes").select("id, ydoc, owner_id, share_slug");
    expect(list.data ?? []).toEqual([]);
    const other = await w.other.from("notes").select("id").eq("id", id);
    expect(other.data).toEqual([]);
  });

  it("the owner's choice to allow indexing shows through", async () => {
    const id = await ownedNote("Indexable");
    const slug = await share(id);
    await w.owner.from("notes").update({ share_indexable: true }).eq("id", id);
    const { data } = await w.anon.rpc("shared_note", { slug });
    expect(data![0].indexable).toBe(true);
  });
});

describe("readers of a shared page hear about changes", () => {
  it("an edit arrives on the private share topic, then a revoke", async () => {
    const id = await ownedNote("Live");
    const slug = await share(id);
    const events: { event: string; payload: Record<string, unknown> }[] = [];
    const channel = w.anon.channel(`share:${slug}`, { config: { private: true } });
    await new Promise<void>((resolve, reject) => {
      channel
        .on("broadcast", { event: "*" }, (m) => events.push({ event: m.event, payload: m.payload }))
        .subscribe((status) => {
          if (status === "SUBSCRIBED") resolve();
          if (status === "CHANNEL_ERROR" || status === "TIMED_OUT") reject(new Error(status));
        });
    });
    // As the server writes it once the owner's edit is stored.
    await w.service.from("notes").update({ title: "Live, edited", body: "New words" }).eq("id", id);
    await expect.poll(() => events.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    expect(events[0].event).toBe("update");
    expect(events[0].payload).toMatchObject({ title: "Live, edited", body: "New words" });
    expect(Object.keys(events[0].payload)).not.toContain("owner_id");
    await w.owner.rpc("unshare_note", { note_id: id });
    await expect.poll(() => events.map((e) => e.event)).toContain("revoked");
    await w.anon.removeChannel(channel);
  });
});
