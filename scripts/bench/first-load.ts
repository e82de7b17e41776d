import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const ROOT = path.resolve(import.meta.dirname, "../..");

type RouteStats = { route: string; firstLoadChunkPaths: string[] };

/**
 * First-load JavaScript per route as the production build in `root` lists it (every chunk a
 * browser must fetch before the page is interactive), in gzip bytes at zlib's default level, as
 * servers send. The bundle budget test reads ours; `bench:app` reads a reference app's as well.
 */
export function firstLoadGzipBytes(root = ROOT): Map<string, number> {
  const stats = path.join(root, ".next/diagnostics/route-bundle-stats.json");
  if (!existsSync(stats)) {
    throw new Error(`${stats} is missing: run \`npm run build\` first.`);
  }
  const routes = JSON.parse(readFileSync(stats, "utf8")) as RouteStats[];
  const sizes = new Map<string, number>();
  const chunkSize = new Map<string, number>();
  for (const { route, firstLoadChunkPaths } of routes) {
    let total = 0;
    for (const chunk of firstLoadChunkPaths) {
      if (!chunkSize.has(chunk)) {
        chunkSize.set(chunk, gzipSync(readFileSync(path.join(root, chunk))).length);
      }
      total += chunkSize.get(chunk) ?? 0;
    }
    sizes.set(route, total);
  }
  return sizes;
}
