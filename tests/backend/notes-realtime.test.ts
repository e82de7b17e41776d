import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminClient, PASSWORD, uniqueEmail } from "@groundwork/local-backend/testing/auth";
import {
  collector,
  realtimeClient,
  sleep,
  subscribed,
} from "@groundwork/local-backend/testing/realtime";
import { startTestBackend, type TestBackend } from "@groundwork/local-backend/testing";

let t: TestBackend;
let admin: SupabaseClient;
let alice: string;
let bob: string;
const channels: RealtimeChannel[] = [];

async function person(): Promise<string> {
  const { data, error } = await admin.auth.admin.createUser({
    email: uniqueEmail("realtime-notes"),
    password: PASSWORD,
    email_confirm: true,
  });
  if (error) throw error;
  return data.user.id;
}

beforeAll(async () => {
  t = await startTestBackend({ copyMigrated: true });
  admin = adminClient(t);
  [alice, bob] = await Promise.all([person(), person()]);
});
afterAll(async () => {
  for (const ch of channels) await ch.unsubscribe();
  await t?.stop();
});

async function watchNotes(sub?: string) {
  const client = await realtimeClient(t, { sub });
  const seen = collector<{ eventType: string; new: Record<string, unknown> }>();
  const system = collector<{ extension?: string; status?: string }>();
  const ch = client
    .channel(`notes-${sub ?? "anon"}-${Math.random()}`)
    .on("postgres_changes", { event: "*", schema: "public", table: "notes" }, (p) =>
      seen.push(p as never),
    )
    .on("system", {}, (p) => system.push(p));
  channels.push(ch);
  await subscribed(ch);
  // Changes flow once the system message confirms them, after the join's reply (as on hosted).
  expect((await system.until(1))[0]).toMatchObject({ extension: "postgres_changes", status: "ok" });
  return seen;
}

describe("notes over Realtime", () => {
  it("a change reaches its owner's devices only, never another person or anon", async () => {
    const [owner, other, anon] = await Promise.all([
      watchNotes(alice),
      watchNotes(bob),
      watchNotes(),
    ]);
    const { data } = await admin
      .from("notes")
      .insert({ owner_id: alice, title: "Alice's plan", body: "secret" })
      .select("id")
      .single();
    await admin.from("notes").update({ title: "Alice's plan, revised" }).eq("id", data!.id);
    const got = await owner.until(2);
    expect(got.map((c) => [c.eventType, c.new.title])).toEqual([
      ["INSERT", "Alice's plan"],
      ["UPDATE", "Alice's plan, revised"],
    ]);
    await sleep(500);
    expect(other.items).toEqual([]);
    // A role with no SELECT on the table hears that something changed and nothing more, with
    // Realtime's 401 in `errors`, as hosted Realtime answers it.
    expect(JSON.stringify(anon.items)).not.toContain("Alice");
    for (const change of anon.items) {
      expect(change.new).toEqual({});
      expect((change as unknown as { errors: string[] }).errors).toEqual([
        "Error 401: Unauthorized",
      ]);
    }
  });

  it("a note's private channel lets its owner in and keeps everyone else out", async () => {
    const { data } = await admin
      .from("notes")
      .insert({ owner_id: alice, title: "Shared only with my devices" })
      .select("id")
      .single();
    const topic = `note:${data!.id}`;
    const join = async (sub?: string) => {
      const client = await realtimeClient(t, { sub });
      const heard = collector<unknown>();
      const ch = client
        .channel(topic, { config: { private: true } })
        .on("broadcast", { event: "update" }, (m) => heard.push(m.payload));
      channels.push(ch);
      return { ch, heard, status: await subscribed(ch) };
    };
    const laptop = await join(alice);
    const phone = await join(alice);
    const intruder = await join(bob);
    const stranger = await join();
    expect(laptop.status.status).toBe("SUBSCRIBED");
    expect(phone.status.status).toBe("SUBSCRIBED");
    expect(intruder.status.status).toBe("CHANNEL_ERROR");
    expect(stranger.status.status).toBe("CHANNEL_ERROR");

    await laptop.ch.send({ type: "broadcast", event: "update", payload: { step: 1 } });
    expect(await phone.heard.until(1)).toEqual([{ step: 1 }]);
    expect(intruder.heard.items).toEqual([]);
    expect(stranger.heard.items).toEqual([]);
  });
});
