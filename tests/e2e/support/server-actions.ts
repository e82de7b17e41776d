import { readFileSync } from "node:fs";
import path from "node:path";

export type ServerAction = { id: string; page: string; name: string };

/** The server actions of the build under test, with a page that serves each. */
export function serverActions(): ServerAction[] {
  const file = path.join(process.cwd(), ".next", "server", "server-reference-manifest.json");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as {
    node: Record<string, { workers: Record<string, unknown>; exportedName?: string }>;
  };
  return Object.entries(manifest.node).map(([id, entry]) => {
    const worker = Object.keys(entry.workers)[0] ?? "app/page";
    const page =
      worker
        .replace(/^app/, "")
        .replace(/\/\([^)]+\)/g, "")
        .replace(/\/page$/, "") || "/";
    return { id, page, name: entry.exportedName ?? id };
  });
}
