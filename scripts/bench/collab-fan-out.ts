import type { RealtimeChannel } from "@supabase/supabase-js";
import * as Y from "yjs";

import {
  people,
  signedIn,
  sleep,
  timing,
  type Client,
  type CollabBenchContext,
} from "./collab-support";

const AUDIENCE = 50;
const UPDATES = 30;

/**
 * A note shared with 50 people, each with it open (a supabase-js client on its private channel):
 * one update sent on the channel, as an editor's device sends it, until all 50 have it.
 */
export async function fanOut(ctx: CollabBenchContext, admin: Client) {
  const [owner] = await people(admin, ["Olga Owner"]);
  const audience = await people(
    admin,
    Array.from({ length: AUDIENCE }, (_, i) => `Reader ${i + 1}`),
  );
  const note = await admin
    .from("notes")
    .insert({ owner_id: owner!.id, title: "For everyone" })
    .select("id")
    .single();
  if (note.error) throw note.error;
  const noteId = note.data.id;
  const shared = await admin
    .from("note_members")
    .insert(audience.map((p) => ({ note_id: noteId, user_id: p.id, role: "viewer" })));
  if (shared.error) throw shared.error;

  const subscribe = (client: Client, onUpdate?: (u: Uint8Array) => void) => {
    const channel: RealtimeChannel = client.channel(`note:${noteId}`, {
      config: { private: true, broadcast: { self: false } },
    });
    if (onUpdate)
      channel.on("broadcast", { event: "update" }, ({ payload }) => {
        if (typeof payload?.u === "string") onUpdate(Buffer.from(payload.u, "base64"));
      });
    return new Promise<RealtimeChannel>((resolve, reject) =>
      channel.subscribe((status) =>
        status === "SUBSCRIBED"
          ? resolve(channel)
          : status !== "CLOSED" && reject(new Error(`${status} on the note's channel`)),
      ),
    );
  };

  let arrivals: number[] = [];
  let expected = 0;
  let allHave: (() => void) | null = null;
  const clients: Client[] = [];
  const docs: Y.Doc[] = [];
  for (const person of audience) {
    const client = await signedIn(ctx, person);
    const doc = new Y.Doc();
    clients.push(client);
    docs.push(doc);
    await subscribe(client, (u) => {
      Y.applyUpdate(doc, u);
      arrivals.push(performance.now());
      if (arrivals.length === expected) allHave?.();
    });
  }
  const sender = await signedIn(ctx, owner!);
  clients.push(sender);
  const channel = await subscribe(sender);
  const source = new Y.Doc();
  const text = source.getText("t");

  const untilAll: number[] = [];
  const each: number[] = [];
  let late = 0;
  for (let i = 0; i <= UPDATES; i++) {
    arrivals = [];
    expected = AUDIENCE;
    let timer: NodeJS.Timeout | undefined;
    const done = new Promise<boolean>((resolve) => {
      allHave = () => resolve(true);
      timer = setTimeout(resolve, 10_000, false);
    });
    let update: Uint8Array = new Uint8Array();
    source.once("update", (u: Uint8Array) => (update = u));
    text.insert(text.length, `word ${i} `);
    const started = performance.now();
    await channel.send({
      type: "broadcast",
      event: "update",
      payload: { u: Buffer.from(update).toString("base64") },
    });
    const all = await done;
    clearTimeout(timer);
    // The first update warms up.
    if (i === 0) continue;
    if (!all) late += 1;
    else untilAll.push(Math.max(...arrivals) - started);
    each.push(...arrivals.map((at) => at - started));
    await sleep(100);
  }
  const missing = docs.filter((d) => d.getText("t").toString() !== text.toString()).length;
  for (const client of clients) await client.removeAllChannels();
  return {
    audience: AUDIENCE,
    updates: UPDATES,
    untilAll: timing(untilAll),
    each: timing(each),
    late,
    missing,
  };
}
