/**
 * Benchmarks of the local backend, printed as tables. Each entry starts what it needs, measures with
 * bounded runs or bounded HTTP load and stops again; add an entry to `timings` (durations) or
 * `benches` (requests per second) to measure something more. Arguments pick entries by name.
 */
import { benchAuth } from "./bench/auth";
import { benchEngines } from "./bench/engines";
import { benchFunctions, benchFunctionsColdStart } from "./bench/functions";
import { formatResults, type LoadResult } from "./bench/load";
import { benchRealtime } from "./bench/realtime";
import { benchRest } from "./bench/rest";
import { benchRestComputed } from "./bench/rest-computed";
import { benchSearch } from "./bench/search";
import { benchStartup, formatTimings, type Timing } from "./bench/startup";
import {
  benchStorage,
  benchStorageThroughput,
  formatThroughput,
  type Throughput,
} from "./bench/storage";

const timings: { name: string; run: () => Promise<Timing[]> }[] = [
  { name: "startup", run: benchStartup },
  { name: "functions cold start", run: benchFunctionsColdStart },
  { name: "search over long notes", run: benchSearch },
];

const benches: { name: string; run: () => Promise<LoadResult[]> }[] = [
  { name: "auth API", run: benchAuth },
  { name: "database API", run: benchRest },
  { name: "database API, computed relationship", run: benchRestComputed },
  { name: "functions", run: benchFunctions },
  { name: "storage API", run: benchStorage },
  { name: "realtime", run: benchRealtime },
  { name: "engines", run: benchEngines },
];

const throughputs: { name: string; run: () => Promise<Throughput[]> }[] = [
  { name: "storage throughput", run: benchStorageThroughput },
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
const rates: Throughput[] = [];
for (const bench of chosen(throughputs)) {
  console.error(`running ${bench.name}…`);
  rates.push(...(await bench.run()));
}
if (durations.length) console.log(formatTimings(durations));
if (durations.length && results.length) console.log("");
if (results.length) console.log(formatResults(results));
if (rates.length) console.log(`\n${formatThroughput(rates)}`);
