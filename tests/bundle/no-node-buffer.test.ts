import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, it } from "vitest";

const CHUNKS = path.join(process.cwd(), ".next", "static", "chunks");

// Next.js bundles Node's Buffer (the `buffer` package, 22 KB) into each browser chunk that names
// `Buffer`, even behind a `typeof Buffer` check; next.config.ts points it at nothing instead.
it("no code the browser downloads carries a copy of Node's Buffer", () => {
  const files = readdirSync(CHUNKS, { recursive: true, encoding: "utf8" }).filter((f) =>
    f.endsWith(".js"),
  );
  expect(files.length).toBeGreaterThan(10);
  const withBuffer = files.filter((f) =>
    // The `buffer` package's own error message.
    readFileSync(path.join(CHUNKS, f), "utf8").includes("Attempt to write outside buffer bounds"),
  );
  expect(withBuffer).toEqual([]);
});
