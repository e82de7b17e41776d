/**
 * `npx tsx scripts/bench/list-bytes.ts`: what the HTML of `/notes` weighs for a person with
 * `BENCH_LIST_NOTES` notes (default 100): the whole page, its markup, its RSC payload and the note
 * list's own markup. Needs a running backend (BENCH_BACKEND_URL, default 127.0.0.1:54321) and a
 * production server pointed at it (BENCH_APP_URL, default 127.0.0.1:3000).
 */
import { createServerClient } from "@supabase/ssr";

import { seedNotes } from "../seed-notes";

const PUBLISHABLE_KEY = "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH";
const SECRET_KEY = "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz";
const backendUrl = process.env.BENCH_BACKEND_URL ?? "http://127.0.0.1:54321";
const appUrl = process.env.BENCH_APP_URL ?? "http://127.0.0.1:3000";
const count = Number(process.env.BENCH_LIST_NOTES ?? 100);

const email = `list-bytes-${Date.now()}@example.com`;
const password = "list-bytes-password-123";
await seedNotes({ url: backendUrl, secretKey: SECRET_KEY, email, password, count });

let jar: { name: string; value: string }[] = [];
const supabase = createServerClient(backendUrl, PUBLISHABLE_KEY, {
  cookies: {
    getAll: () => jar,
    setAll: (set) => void (jar = set.map(({ name, value }) => ({ name, value }))),
  },
});
const signedIn = await supabase.auth.signInWithPassword({ email, password });
if (signedIn.error) throw signedIn.error;
const cookie = jar.map((c) => `${c.name}=${c.value}`).join("; ");

const res = await fetch(`${appUrl}/notes`, { headers: { cookie } });
const html = await res.text();
if (res.status !== 200) throw new Error(`/notes answered ${res.status}`);
const bytes = (s: string) => Buffer.byteLength(s);
const payload = [...html.matchAll(/self\.__next_f\.push\(\[1,"((?:[^"\\]|\\.)*)"\]\)/g)]
  .map((m) => bytes(m[1]))
  .reduce((a, b) => a + b, 0);
const list = html.match(/<ul[^>]*aria-label="All notes"[\s\S]*?<\/ul>/)?.[0] ?? "";
const rows = list.match(/<li\b/g)?.length ?? 0;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `/notes with ${count} notes: HTML ${kb(bytes(html))} = markup ${kb(bytes(html) - payload)} + RSC payload ${kb(payload)}; the list's markup ${kb(bytes(list))} for ${rows} rows`,
);
if (process.env.BENCH_DUMP) {
  const { writeFileSync } = await import("node:fs");
  writeFileSync(process.env.BENCH_DUMP, html);
}
