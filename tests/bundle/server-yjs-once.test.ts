import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, it } from "vitest";

const SERVER = path.join(process.cwd(), ".next", "server");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return entry.name.endsWith(".js") ? [full] : [];
  });
}

// Yjs checks documents with instanceof: a copy of it bundled into each server chunk that uses it
// would reject the documents the other copies made. The server loads the one in node_modules.
it("the server build holds no copy of Yjs of its own", () => {
  const withYjs = files(SERVER).filter((file) =>
    readFileSync(file, "utf8").includes("Yjs was already imported"),
  );
  expect(withYjs.map((file) => path.relative(SERVER, file))).toEqual([]);
  // The note routes load it from node_modules instead (Turbopack names it "yjs-<hash>").
  const loading = files(SERVER).filter((file) =>
    /["']yjs(-[0-9a-f]+)?["']/.test(readFileSync(file, "utf8")),
  );
  expect(loading.length).toBeGreaterThan(0);
});
