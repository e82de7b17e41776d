/**
 * Benchmarks of the local backend, printed as tables. Each entry starts what it needs, measures with
 * bounded runs or bounded HTTP load and stops again; add an entry to `timings` (durations) or
 * `benches` (requests per second) to measure something more. Arguments pick entries by name.
 */
import { benchAuth } from "./bench/auth";
import { benchFunctions, benchFunctionsColdStart } from "./bench/functions";
import { formatResults, type LoadResult } from "./bench/load";
import { benchRest } from "./bench/rest";
import { benchStartup, formatTimings, type Timing } from "./bench/startup";

const timings: { name: string; run: () => Promise<Timing[]> }[] = [
  { name: "startup", run: benchStartup },
  { name: "functions cold start", run: benchFunctionsColdStart },
];

const benches: { name: string; run: () => Promise<LoadResult[]> }[] = [
  { name: "auth API", run: benchAuth },
  { name: "database API", run: benchRest },
  { name: "functions", run: benchFunctions },
];

const only = process.argv.slice(2);
const chosen = <T extends { name: string }>(list: T[]) =>
  list.filter((b) => !only.length || only.some((o) => b.name.includes(o)));

const durations: Timing[] = [];
for (const timing of chosen(timings)) {
  console.error(`running ${timing.name}…`);
  durations.push(...(await timing.run()));
}
const results: LoadResult[] = [];
for (const bench of chosen(benches)) {
  console.error(`running ${bench.name}…`);
  results.push(...(await bench.run()));
}
if (durations.length) console.log(formatTimings(durations));
if (durations.length && results.length) console.log("");
if (results.length) console.log(formatResults(results));
