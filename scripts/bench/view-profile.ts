import { writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

/** One request the app made of the backend while a page was being served. */
export type RoundTrip = { path: string; start: number; ms: number; bytes: number };

/** Where a recording proxy puts what it forwarded while `recording` is set. */
export type Recorder = { recording: RoundTrip[] | null; origin: number };

/**
 * Where one page view's time goes: the app's requests of the backend (each with when it started
 * and how long it took, from the proxy between them), the rest of the server's time (rendering,
 * its own work), and what the HTML carries (the markup, and the RSC payload that repeats the
 * page's data for hydration). Best of `samples` views, one at a time, after the caller's warm-up.
 */
export async function profileView(
  url: string,
  cookie: string | undefined,
  recorder: Recorder,
  samples = 20,
) {
  let best: { total: number; firstByte: number; trips: RoundTrip[]; html: string } | null = null;
  for (let i = 0; i < samples; i++) {
    recorder.recording = [];
    recorder.origin = performance.now();
    const { html, total, firstByte } = await get(url, cookie);
    const trips = recorder.recording;
    recorder.recording = null;
    if (!best || total < best.total) best = { total, firstByte, trips, html };
  }
  const { total, firstByte, trips, html } = best!;
  // BENCH_DUMP_DIR=<dir> keeps each view's HTML there, to see what it carries.
  if (process.env.BENCH_DUMP_DIR) {
    const name = new URL(url).pathname.replaceAll("/", "_") || "_";
    writeFileSync(path.join(process.env.BENCH_DUMP_DIR, `${name}.html`), html);
  }
  const payload = [...html.matchAll(/self\.__next_f\.push\(\[1,"((?:[^"\\]|\\.)*)"\]\)/g)]
    .map((m) => m[1].length)
    .reduce((a, b) => a + b, 0);
  // The backend's share is the union of its requests' time (parallel ones count once).
  const spans = trips.map((t) => [t.start, t.start + t.ms]).sort((a, b) => a[0] - b[0]);
  let backend = 0;
  let end = -Infinity;
  for (const [s, e] of spans) {
    if (e <= end) continue;
    backend += e - Math.max(s, end);
    end = e;
  }
  return {
    total,
    firstByte,
    backend,
    app: total - backend,
    trips,
    htmlBytes: Buffer.byteLength(html),
    payloadBytes: payload,
    markupBytes: Buffer.byteLength(html) - payload,
    html,
  };
}

function get(url: string, cookie?: string) {
  return new Promise<{ html: string; total: number; firstByte: number }>((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers: cookie ? { cookie } : {} }, (res) => {
        const firstByte = performance.now() - started;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            html: Buffer.concat(chunks).toString("utf8"),
            total: performance.now() - started,
            firstByte,
          }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

export function printViewProfile(label: string, p: Awaited<ReturnType<typeof profileView>>) {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `  ${label}: ${ms(p.total)} to the last byte (first byte ${ms(p.firstByte)}); backend ${ms(p.backend)} in ${p.trips.length} round trip(s), app ${ms(p.app)}; HTML ${kb(p.htmlBytes)} = markup ${kb(p.markupBytes)} + RSC payload ${kb(p.payloadBytes)}`,
  );
  for (const t of p.trips) {
    const path = t.path.length > 90 ? `${t.path.slice(0, 87)}...` : t.path;
    console.log(
      `      +${ms(t.start).padStart(9)} ${ms(t.ms).padStart(9)} ${kb(t.bytes).padStart(9)}  ${path}`,
    );
  }
}
