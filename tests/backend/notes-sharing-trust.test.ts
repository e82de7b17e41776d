import type { RealtimeChannel } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNotesWorld, typedClient, type NotesClient, type NotesWorld } from "./notes-support";
import { LOCAL_PUBLISHABLE_KEY } from "@groundwork/local-backend/testing";

let w: NotesWorld;
const visitors: NotesClient[] = [];
/** A signed-out visitor of its own: one client holds one channel per topic. */
function visitor(): NotesClient {
  const client = typedClient(w.t);
  visitors.push(client);
  return client;
}
beforeAll(async () => {
  w = await startNotesWorld();
});
afterAll(async () => {
  for (const c of [w?.owner, w?.other, w?.anon, ...visitors]) await c?.removeAllChannels();
  await w?.t.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function note(client: NotesClient, title: string): Promise<string> {
  const { data, error } = await client.from("notes").insert({ title }).select("id").single();
  if (error) throw error;
  return data.id;
}

async function share(client: NotesClient, id: string): Promise<string> {
  const { data, error } = await client.rpc("share_note", { note_id: id });
  if (error) throw error;
  return data;
}

describe("a share link cannot be taken over", () => {
  it("nobody writes share_slug directly, while the other columns stay theirs to change", async () => {
    const alice = await note(w.owner, "Alice's plan");
    const slug = await share(w.owner, alice);
    const bob = await note(w.other, "Bob's note");

    // Bob copies Alice's live slug, or makes one up: refused (permission denied, 42501).
    for (const candidate of [slug, "B".repeat(22)]) {
      const { error } = await w.other.from("notes").update({ share_slug: candidate }).eq("id", bob);
      expect(error?.code).toBe("42501");
    }
    const inserted = await w.other.from("notes").insert({ title: "x", share_slug: "C".repeat(22) });
    expect(inserted.error?.code).toBe("42501");
    // Even the owner goes through share_note / unshare_note.
    const own = await w.owner.from("notes").update({ share_slug: null }).eq("id", alice);
    expect(own.error?.code).toBe("42501");

    // Everything else that is the owner's to write still works as before (the title and body are
    // the server's, written from the stored document).
    const edit = await w.owner
      .from("notes")
      .update({ pinned: true, share_indexable: true })
      .eq("id", alice)
      .select("title, pinned, share_indexable, share_slug")
      .single();
    expect(edit.error).toBeNull();
    expect(edit.data).toEqual({
      title: "Alice's plan",
      pinned: true,
      share_indexable: true,
      share_slug: slug,
    });
    const { data } = await w.anon.rpc("shared_note", { slug });
    expect(data?.[0]).toMatchObject({ title: "Alice's plan", indexable: true });
  });

  it("a revoked slug never comes back, for the same note or any other, whoever writes it", async () => {
    const alice = await note(w.owner, "Alice's old link");
    const slug = await share(w.owner, alice);
    expect((await w.owner.rpc("unshare_note", { note_id: alice })).error).toBeNull();

    const bob = await note(w.other, "Bob's takeover");
    expect(
      (await w.other.from("notes").update({ share_slug: slug }).eq("id", bob)).error?.code,
    ).toBe("42501");
    // Not even the service role may hand it out again: the database remembers every slug.
    const byService = await w.service.from("notes").update({ share_slug: slug }).eq("id", bob);
    expect(byService.error?.code).toBe("23505");
    expect(byService.error?.message).toMatch(/used before/);
    const alsoAlice = await w.service.from("notes").update({ share_slug: slug }).eq("id", alice);
    expect(alsoAlice.error?.code).toBe("23505");

    // Sharing again makes a fresh link; the old one stays dead.
    const fresh = await share(w.owner, alice);
    expect(fresh).not.toBe(slug);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await w.anon.rpc("shared_note", { slug })).data).toEqual([]);
    expect((await w.anon.rpc("shared_note", { slug: fresh })).data).toHaveLength(1);
  });

  it("only the owner (or the service role) shares or unshares, through the functions", async () => {
    const alice = await note(w.owner, "Only mine");
    // Not theirs reads as not there: a 404 with the sentence, never a server error.
    const shareByOther = await w.other.rpc("share_note", { note_id: alice });
    expect(shareByOther.status).toBe(404);
    expect(shareByOther.error).toMatchObject({
      code: "PT404",
      message: "That note does not exist or is in the trash, so it cannot be shared.",
    });
    expect((await w.anon.rpc("share_note", { note_id: alice })).error).not.toBeNull();
    const slug = await share(w.service, alice);
    const unshareByOther = await w.other.rpc("unshare_note", { note_id: alice });
    expect(unshareByOther.status).toBe(404);
    expect(unshareByOther.error).toMatchObject({
      code: "PT404",
      message: "That note does not exist.",
    });
    expect((await w.anon.rpc("shared_note", { slug })).data).toHaveLength(1);
    expect((await w.service.rpc("unshare_note", { note_id: alice })).error).toBeNull();
    expect((await w.anon.rpc("shared_note", { slug })).data).toEqual([]);
  });

  it("the table of used slugs is out of reach of the owner, others, visitors and the service role", async () => {
    const alice = await note(w.owner, "Used slugs");
    const slug = await share(w.owner, alice);
    for (const client of [w.owner, w.other, w.anon, w.service]) {
      const read = await client.from("share_slugs_used").select("slug");
      expect(read.error?.code).toBe("42501");
      const write = await client.from("share_slugs_used").insert({ slug: "D".repeat(22) });
      expect(write.error?.code).toBe("42501");
      const forget = await client.from("share_slugs_used").delete().eq("slug", slug);
      expect(forget.error?.code).toBe("42501");
      const change = await client
        .from("share_slugs_used")
        .update({ slug: "E".repeat(22) })
        .eq("slug", slug);
      expect(change.error?.code).toBe("42501");
    }
    // And with nothing forgotten, the slug still cannot be reused.
    expect(
      (
        await w.service
          .from("notes")
          .update({ share_slug: slug })
          .eq("id", await note(w.other, "y"))
      ).error?.code,
    ).toBe("23505");
  });
});

type Heard = { event: string; payload: Record<string, unknown> };

function listen(client: NotesClient, slug: string, heard: Heard[]): Promise<RealtimeChannel> {
  const channel = client.channel(`share:${slug}`, { config: { private: true } });
  return new Promise((resolve, reject) => {
    channel
      .on("broadcast", { event: "*" }, (m) => heard.push({ event: m.event, payload: m.payload }))
      .subscribe((status, err) => {
        if (status === "SUBSCRIBED") resolve(channel);
        if (status === "CHANNEL_ERROR" || status === "TIMED_OUT") reject(err ?? new Error(status));
      });
  });
}

async function restBroadcast(token: string, slug: string, isPrivate: boolean): Promise<number> {
  const res = await fetch(`${w.t.url}/realtime/v1/api/broadcast`, {
    method: "POST",
    headers: {
      apikey: LOCAL_PUBLISHABLE_KEY,
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({
      messages: Array.from({ length: 50 }, (_, i) => ({
        topic: `share:${slug}`,
        event: i % 2 ? "update" : "revoked",
        payload: { title: "forged", body: "forged" },
        private: isPrivate,
      })),
    }),
  });
  await res.body?.cancel();
  return res.status;
}

describe("only the database speaks on a share topic", () => {
  it("visitors and signed-in strangers cannot broadcast to readers, by websocket or by REST", async () => {
    const id = await note(w.owner, "Quiet topic");
    const slug = await share(w.owner, id);
    const heard: Heard[] = [];
    await listen(w.anon, slug, heard);

    const otherToken = (await w.other.auth.getSession()).data.session!.access_token;
    for (const [client, token] of [
      [visitor(), LOCAL_PUBLISHABLE_KEY],
      [w.other, otherToken],
    ] as const) {
      // Over the websocket, on the private topic (joining to receive is allowed) and the public one.
      for (const isPrivate of [true, false]) {
        const ch = client.channel(`share:${slug}`, { config: { private: isPrivate } });
        await new Promise<void>((resolve) =>
          ch.subscribe((status) => {
            if (status !== "CLOSED") resolve();
          }),
        );
        await ch.send({ type: "broadcast", event: "update", payload: { title: "forged" } });
        await ch.send({ type: "broadcast", event: "revoked", payload: { revoked: true } });
        await client.removeChannel(ch);
      }
      // Over REST: the batch endpoint (private and public) and the single one.
      for (const isPrivate of [true, false])
        expect(await restBroadcast(token, slug, isPrivate)).toBeLessThan(300);
      const single = await fetch(
        `${w.t.url}/realtime/v1/api/broadcast/${encodeURIComponent(`share:${slug}`)}/events/update?private=true`,
        {
          method: "POST",
          headers: {
            apikey: LOCAL_PUBLISHABLE_KEY,
            authorization: `Bearer ${token}`,
            "content-type": "application/json",
          },
          body: JSON.stringify({ title: "forged" }),
        },
      );
      await single.body?.cancel();
      expect(single.status).toBe(403);
    }
    await sleep(500);
    expect(heard).toEqual([]);

    // The database's own update still reaches the reader, and nothing forged came before it. The
    // server writes a note's text (from its stored document), so the edit comes as the service role.
    await w.service.from("notes").update({ title: "Quiet topic, edited" }).eq("id", id);
    await expect.poll(() => heard.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    expect(heard).toEqual([
      { event: "update", payload: expect.objectContaining({ title: "Quiet topic, edited" }) },
    ]);
  });

  it("a reader hears the update and then the revoke, and a revoked topic takes no new readers", async () => {
    const id = await note(w.owner, "Live");
    const slug = await share(w.owner, id);
    const heard: Heard[] = [];
    await listen(w.anon, slug, heard);
    const signedIn: Heard[] = [];
    await listen(w.other, slug, signedIn);

    await w.service.from("notes").update({ title: "Live, edited", body: "New words" }).eq("id", id);
    await w.owner.rpc("unshare_note", { note_id: id });
    await expect
      .poll(() => heard.map((h) => h.event), { timeout: 5000 })
      .toEqual(["update", "revoked"]);
    expect(heard[0].payload).toMatchObject({ title: "Live, edited", body: "New words" });
    expect(Object.keys(heard[0].payload)).not.toContain("owner_id");
    await expect.poll(() => signedIn.map((h) => h.event)).toEqual(["update", "revoked"]);

    // The slug is no longer live: joining its topic is refused.
    await expect(listen(visitor(), slug, [])).rejects.toThrow(/permissions to read/);
  });

  it("a topic nobody shared takes no readers", async () => {
    await expect(listen(w.anon, "Z".repeat(22), [])).rejects.toThrow(/permissions to read/);
  });
});
