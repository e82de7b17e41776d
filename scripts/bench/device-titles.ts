/**
 * `npx tsx scripts/bench/device-titles.ts`: what searching the titles kept on a device costs with
 * `BENCH_TITLES` notes (default 10,000): the memory they take, loading them, and one keystroke's
 * search (p50/p95) for a few queries, as the palette runs it offline.
 */
import { TitleIndex, type DeviceTitle } from "../../lib/search/title-index";

const count = Number(process.env.BENCH_TITLES ?? 10_000);
const WORDS =
  "garden recipe meeting travel budget sourdough project idea book film lisbon tent stove café zürich naïve review draft".split(
    " ",
  );
const titles: DeviceTitle[] = Array.from({ length: count }, (_, i) => ({
  id: crypto.randomUUID(),
  title: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${WORDS[(i * 13) % WORDS.length]} ${i + 1}`,
  updated_at: new Date(Date.now() - i * 60_000).toISOString(),
  // As long as the list's preview at most (LIST_PREVIEW_CHARS).
  preview:
    `${WORDS[(i * 3) % WORDS.length]} notes for the ${WORDS[(i * 5) % WORDS.length]}, then the rest of it ${i}`.slice(
      0,
      64,
    ),
}));

globalThis.gc?.();
const before = process.memoryUsage().heapUsed;
const started = performance.now();
const index = new TitleIndex();
index.put(titles);
const loadMs = performance.now() - started;
globalThis.gc?.();
const heapMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
const jsonKb = JSON.stringify(titles).length / 1024;

console.log(
  `${count} titles: ${jsonKb.toFixed(0)} KB as stored, ~${heapMb.toFixed(1)} MB in memory, loaded in ${loadMs.toFixed(0)} ms`,
);
for (const query of ["g", "grdn", "review", "cafe 4", "lisbon tent 9999", "nothing like it"]) {
  const times: number[] = [];
  let found = 0;
  for (let run = 0; run < 30; run++) {
    const t = performance.now();
    found = index.search(query, 20).length;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
  console.log(`"${query}": ${found} shown, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`);
}
