/**
 * Benchmarks of the local backend, printed as one table. Each entry starts what it needs, measures over
 * HTTP with bounded load and stops again; add an entry to `benches` to measure something more.
 */
import { formatResults, type LoadResult } from "./bench/load";
import { benchRest } from "./bench/rest";

const benches: { name: string; run: () => Promise<LoadResult[]> }[] = [{ name: "database API", run: benchRest }];

const only = process.argv.slice(2);
const results: LoadResult[] = [];
for (const bench of benches) {
  if (only.length && !only.some((o) => bench.name.includes(o))) continue;
  console.error(`running ${bench.name}…`);
  results.push(...(await bench.run()));
}
console.log(formatResults(results));
