import { firstLoadGzipBytes } from "./first-load";
import { percentile } from "./http-load";
import { profilePage, type PageProfile } from "./page-profile";

export type Pair = {
  label: string;
  ours: string;
  theirs: string;
  cookie?: string;
  status?: number;
};

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/**
 * Why the reference's signed-in page is not comparable, or null when it is. A starter that inlines
 * its Supabase URL at build (today's with-supabase does) reaches no backend unless the bench's proxy
 * listens where it was built to look: it then answers its signed-in page with a redirect to its
 * sign-in page, and every figure of that row would time the redirect instead of the page.
 */
export function referenceSignedInProblem(
  answer: { status: number; location?: string | null },
  proxyPort: number,
): string | null {
  if (answer.status === 200) return null;
  const where = answer.location ? ` to ${answer.location}` : "";
  const pin = proxyPort
    ? `was it built with NEXT_PUBLIC_SUPABASE_URL=http://127.0.0.1:${proxyPort}?`
    : "if it inlined its Supabase URL at build, set BENCH_PROXY_PORT to the port it was built with.";
  return `The reference answered its signed-in page with ${answer.status}${where}, not the page: ${pin}`;
}

function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/** Each figure's median over the rounds. */
function medianProfile(runs: PageProfile[]): PageProfile {
  const pick = (f: (p: PageProfile) => number) => median(runs.map(f));
  const load = (key: "at10" | "at50") => ({
    rps: pick((p) => p[key].rps),
    requests: pick((p) => p[key].requests),
    p50: pick((p) => p[key].p50),
    p95: pick((p) => p[key].p95),
    failures: pick((p) => p[key].failures),
  });
  const at10 = load("at10");
  const cpu = runs.every((p) => p.cpu)
    ? { app: pick((p) => p.cpu!.app), backend: pick((p) => p.cpu!.backend ?? Number.NaN) }
    : undefined;
  return {
    cpu,
    p50: at10.p50,
    p95: at10.p95,
    failures: runs.reduce((sum, p) => sum + p.failures, 0),
    at10,
    at50: load("at50"),
    one: {
      firstByte: pick((p) => p.one.firstByte),
      lastByte: pick((p) => p.one.lastByte),
      bytes: pick((p) => p.one.bytes),
      failures: pick((p) => p.one.failures),
    },
  };
}

/**
 * Two apps on one machine drift with whatever else it runs, so each pair is measured in turns
 * (ours first in odd rounds, theirs first in even ones) and each figure is the median of the turns.
 */
export async function comparePairs(pairs: Pair[]) {
  const results: { label: string; ours: PageProfile; theirs: PageProfile }[] = [];
  for (const pair of pairs) {
    const ours: PageProfile[] = [];
    const theirs: PageProfile[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const runOurs = async () =>
        ours.push(await profilePage(pair.ours, pair.cookie, pair.status ?? 200));
      const runTheirs = async () =>
        theirs.push(await profilePage(pair.theirs, pair.cookie, pair.status ?? 200));
      if (round % 2 === 0) {
        await runOurs();
        await runTheirs();
      } else {
        await runTheirs();
        await runOurs();
      }
    }
    results.push({ label: pair.label, ours: medianProfile(ours), theirs: medianProfile(theirs) });
  }
  return results;
}

/** Side by side; the ratio is ours against theirs, so above 1 is better for rps, worse for times. */
export function printComparison(results: Awaited<ReturnType<typeof comparePairs>>) {
  const rows: [string, (p: PageProfile) => number][] = [
    ["rps, 10 connections", (p) => p.at10.rps],
    ["p50 ms, 10 connections", (p) => p.at10.p50],
    ["p95 ms, 10 connections", (p) => p.at10.p95],
    ["rps, 50 connections", (p) => p.at50.rps],
    ["p50 ms, 50 connections", (p) => p.at50.p50],
    ["p95 ms, 50 connections", (p) => p.at50.p95],
    ["first byte ms, 1 client", (p) => p.one.firstByte],
    ["last byte ms, 1 client", (p) => p.one.lastByte],
    ["HTML bytes", (p) => p.one.bytes],
    // Read from /proc: barely moved by the machine's other work, unlike the rows above.
    ["app server CPU ms per view", (p) => p.cpu?.app ?? Number.NaN],
    ["backend CPU ms per view", (p) => p.cpu?.backend ?? Number.NaN],
  ];
  for (const { label, ours, theirs } of results) {
    console.log(
      `\n  ${label}${" ".repeat(Math.max(1, 34 - label.length))}     ours   theirs   ours/theirs`,
    );
    for (const [name, f] of rows) {
      const a = f(ours);
      const b = f(theirs);
      console.log(
        `    ${name.padEnd(32)}${a.toFixed(1).padStart(9)}${b.toFixed(1).padStart(9)}${(a / b).toFixed(2).padStart(10)}`,
      );
    }
    if (ours.failures || theirs.failures)
      console.log(`    unexpected statuses: ours ${ours.failures}, theirs ${theirs.failures}`);
  }
}

/** First-load JavaScript of each pair's routes, from each build's own route list, in gzip KB. */
export function printFirstLoad(
  pairs: { label: string; ours: string; theirs: string }[],
  referenceDir: string,
) {
  const ours = firstLoadGzipBytes();
  const theirs = firstLoadGzipBytes(referenceDir);
  console.log(`\n  first-load JS, gzip KB (1,000 bytes)           ours   theirs   ours/theirs`);
  for (const pair of pairs) {
    const a = (ours.get(pair.ours) ?? Number.NaN) / 1000;
    const b = (theirs.get(pair.theirs) ?? Number.NaN) / 1000;
    console.log(
      `    ${`${pair.label} (${pair.ours}, ${pair.theirs})`.padEnd(42)}${a.toFixed(1).padStart(6)}${b.toFixed(1).padStart(9)}${(a / b).toFixed(2).padStart(14)}`,
    );
  }
}
