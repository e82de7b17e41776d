import { registerHooks } from "node:module";
import { performance } from "node:perf_hooks";

import { createClient, type RealtimeChannel } from "@supabase/supabase-js";
import { getSchema } from "@tiptap/core";
import { prosemirrorJSONToYDoc } from "@tiptap/y-tiptap";
import * as Y from "yjs";

import type { Database } from "../../lib/supabase/database.types";

// The history code is server code: outside Next, "server-only" resolves as it does on the server.
registerHooks({
  resolve: (specifier, context, next) =>
    specifier === "server-only"
      ? next(specifier, { ...context, conditions: [...context.conditions, "react-server"] })
      : next(specifier, context),
});

const SESSIONS = 2000;
const RUNS = 30;
const PARAGRAPHS = 60;
const BATCH = 50;
const WORDS = "river lamp orchard basil ledger quiet harbor maple signal copper".split(" ");

type Timing = { p50: number; p95: number };

function percentiles(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

async function timed(runs: number, run: () => Promise<unknown>): Promise<Timing> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return percentiles(times);
}

/** A note as the editor makes it, then edited in `SESSIONS` sessions: each session's state. */
async function sessions(): Promise<{ doc: Y.Doc; states: Uint8Array[] }> {
  const { editorExtensions } = await import("../../lib/notes/editor-extensions");
  const schema = getSchema(editorExtensions(new Y.Doc()));
  const content = Array.from({ length: PARAGRAPHS }, (_, p) => ({
    type: "paragraph",
    content: [{ type: "text", text: `Paragraph ${p}: ${WORDS.join(" ")}.` }],
  }));
  const doc = prosemirrorJSONToYDoc(schema, { type: "doc", content }, "default");
  const states: Uint8Array[] = [];
  for (let s = 0; s < SESSIONS; s++) {
    const line = (doc.getXmlFragment("default").get(s % PARAGRAPHS) as Y.XmlElement).get(
      0,
    ) as Y.XmlText;
    // A session types a few words into a paragraph and deletes one.
    doc.transact(() => {
      const at = line.toString().indexOf(" ", 10 + (s % 20));
      line.insert(at, ` ${WORDS[s % 10]} ${WORDS[(s * 7) % 10]}`);
      const cut = line.toString().lastIndexOf(" ");
      line.delete(cut, Math.min(8, line.length - cut - 1));
    });
    states.push(Y.encodeStateAsUpdate(doc));
  }
  return { doc, states };
}

/**
 * Version history for a note edited in 2,000 sessions (versions written in bulk with the secret
 * key, as the server keeps them): the timeline's first page (the `note_history` RPC the history
 * page calls), a middle version's preview (what the `versionPreview` action builds), its word
 * diff against the note now (as the page computes it), and a restore (`restoreVersion`, as the
 * action calls it) until another device subscribed to the note's channel has received it.
 */
export async function benchHistory(ctx: {
  backendUrl: string;
  publishableKey: string;
  secretKey: string;
  email: string;
  password: string;
}): Promise<string[]> {
  process.env.NEXT_PUBLIC_SUPABASE_URL = ctx.backendUrl;
  process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY = ctx.publishableKey;
  process.env.SUPABASE_SECRET_KEY = ctx.secretKey;
  const { restoreVersion } = await import("../../lib/history/restore");
  const { docOf } = await import("../../lib/history/keep");
  const { removedAttachments } = await import("../../lib/history/attachments");
  const { wordChanges } = await import("../../lib/history/words");
  const { fromBase64, fromBytea, toBytea } = await import("../../lib/notes/bytea");
  const { documentMarkdown } = await import("../../lib/notes/document-text");
  const { storeNoteUpdate } = await import("../../lib/notes/store-update");

  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  const admin = createClient<Database>(ctx.backendUrl, ctx.secretKey, options);
  const signIn = async () => {
    const client = createClient<Database>(ctx.backendUrl, ctx.publishableKey, options);
    const { data, error } = await client.auth.signInWithPassword(ctx);
    if (error) throw error;
    return { client, userId: data.user.id };
  };
  const { client: person, userId } = await signIn();

  const seedStarted = performance.now();
  const { doc, states } = await sessions();
  const note = await person.from("notes").insert({}).select("id").single();
  if (note.error) throw note.error;
  const noteId = note.data.id;
  const stored = await storeNoteUpdate(person, userId, noteId, Y.encodeStateAsUpdate(doc), "bench");
  if (!stored.ok) throw new Error(stored.message);
  const day = 86_400_000;
  const start = Date.now() - 20 * day;
  // In requests under the 8 MiB body limit (PostgREST's, which the local backend keeps).
  for (let i = 0; i < SESSIONS; i += BATCH) {
    const rows = states.slice(i, i + BATCH).map((state, j) => ({
      note_id: noteId,
      owner_id: userId,
      kind: "session",
      state: toBytea(state),
      created_at: new Date(start + ((i + j) * 19 * day) / SESSIONS).toISOString(),
      words_added: 2,
      words_removed: 1,
      summary: "Added 2 words, removed 1",
      attachment_paths: [],
    }));
    const { error } = await admin.from("note_versions").insert(rows);
    if (error) throw error;
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  // The versions in order: one from the middle, and the last one (the note's text now).
  const nth = async (at: number) => {
    const { data, error } = await admin
      .from("note_versions")
      .select("id")
      .eq("note_id", noteId)
      .order("created_at")
      .order("id")
      .range(at, at)
      .single();
    if (error) throw error;
    return data.id;
  };
  const middle = await nth(SESSIONS / 2);
  const latest = await nth(SESSIONS - 1);

  const timeline = await timed(RUNS, async () => {
    const { data, error } = await person.rpc("note_history", { note_id: noteId, page_size: 30 });
    if (error || data.length !== 30) throw new Error(`timeline: ${error?.message}`);
  });

  // What versionPreview answers: the version's Markdown, the note's now, the removed files.
  const preview = async () => {
    const [version, state] = await Promise.all([
      person.from("note_versions").select("state").eq("id", middle).eq("note_id", noteId).single(),
      person.rpc("note_state", { note_id: noteId }).single(),
    ]);
    if (version.error || state.error) throw version.error ?? state.error;
    const now = docOf(fromBytea(state.data.ydoc), state.data.updates.map(fromBytea));
    const then = docOf(fromBytea(version.data.state), []);
    try {
      removedAttachments(then, now);
      return { version: documentMarkdown(then), current: documentMarkdown(now) };
    } finally {
      now.destroy();
      then.destroy();
    }
  };
  const previewTiming = await timed(RUNS, preview);
  const texts = await preview();
  let bounded = false;
  const diff = await timed(RUNS, async () => {
    bounded = wordChanges(texts.current, texts.version).pieces === null;
  });

  // Another device with the note open: signed in as the person, on the note's private channel.
  const { client: device } = await signIn();
  await device.realtime.setAuth();
  const deviceDoc = new Y.Doc();
  let arrived: (() => void) | null = null;
  const channel: RealtimeChannel = device.channel(`note:${noteId}`, {
    config: { private: true, broadcast: { self: false } },
  });
  channel.on("broadcast", { event: "update" }, ({ payload }) => {
    // As the editor's channel takes an update (components/notes/use-note-channel.ts).
    if (typeof payload?.u !== "string") return;
    Y.applyUpdate(deviceDoc, fromBase64(payload.u));
    arrived?.();
  });
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status) =>
      status === "SUBSCRIBED" ? resolve() : status !== "CLOSED" && reject(new Error(status)),
    ),
  );
  const { data: open } = await device.rpc("note_state", { note_id: noteId }).single();
  Y.applyUpdate(
    deviceDoc,
    Y.encodeStateAsUpdate(docOf(fromBytea(open!.ydoc), open!.updates.map(fromBytea))),
  );

  // Restores alternate between the middle version and the last one, so each changes the note.
  let missed = 0;
  const wants = new Map<number, string>();
  for (const id of [middle, latest]) {
    const { data } = await admin.from("note_versions").select("state").eq("id", id).single();
    const version = docOf(fromBytea(data!.state), []);
    wants.set(id, documentMarkdown(version));
    version.destroy();
  }
  const untilDevice: number[] = [];
  const untilAnswer: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const versionId = i % 2 === 0 ? middle : latest;
    const started = performance.now();
    const received = new Promise<number>((resolve) => (arrived = () => resolve(performance.now())));
    const out = await restoreVersion(person, userId, noteId, versionId);
    if (!out.ok) throw new Error(out.message);
    const answered = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, 5000, null)));
    const at = await Promise.race([received, late]);
    clearTimeout(timer);
    if (at === null || documentMarkdown(deviceDoc) !== wants.get(versionId)) missed += 1;
    // The first run warms up.
    if (i > 0 && at !== null) untilDevice.push(at - started);
    if (i > 0) untilAnswer.push(answered - started);
  }
  const restore = percentiles(untilDevice);
  const restoreAnswer = percentiles(untilAnswer);
  await device.removeChannel(channel);

  const ms = (t: Timing) => `p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms`;
  const n = SESSIONS.toLocaleString("en");
  const kb = (states[SESSIONS / 2].length / 1024).toFixed(0);
  return [
    `\n  history: seeded ${n} versions in ${seedSeconds.toFixed(1)} s (${texts.current.length.toLocaleString("en")}-character note, a middle state of ${kb} KB)`,
    `  history: timeline first page (${n} versions): ${ms(timeline)} (note_history RPC, 30 rows, ${RUNS} runs)`,
    `  history: preview of the middle version: ${ms(previewTiming)} (its text and the note's now, as the preview action builds them)`,
    `  history: diff against the current text: ${ms(diff)}${bounded ? " (the word diff reached its bound: counts only)" : ""}`,
    `  history: restore until another open device has it: ${ms(restore)}, ${missed} missed or not matching (restoreVersion, the note's Realtime channel; the call itself answers in ${ms(restoreAnswer)})`,
  ];
}
