import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "./support/test";

import { SECRET_KEY } from "./support/auth";

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

test("the secret key is in no file the browser can download", async ({ request }) => {
  const files = filesUnder(path.join(process.cwd(), ".next", "static"));
  expect(files.length).toBeGreaterThan(0);
  const leaking = files.filter((file) => readFileSync(file, "utf8").includes(SECRET_KEY));
  expect(leaking).toEqual([]);

  // Nor is it in the HTML the server sends.
  for (const page of ["/", "/sign-in", "/account"]) {
    expect(await (await request.get(page)).text()).not.toContain(SECRET_KEY);
  }
});
