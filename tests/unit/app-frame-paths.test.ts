// @vitest-environment node
import { readdirSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { isAppFramePath, isSignedInOnlyPath } from "@/lib/auth/routes";

/** The top folders of app/(app): every page in them is drawn inside the app frame. */
const framed = readdirSync(path.join(process.cwd(), "app/(app)"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `/${entry.name}`);

describe("isAppFramePath", () => {
  it("knows every page the app frame draws, and each page below them", () => {
    expect(framed.sort()).toEqual(["/account", "/notes", "/offline"]);
    for (const top of framed) {
      expect(isAppFramePath(top), top).toBe(true);
      expect(isAppFramePath(`${top}/`), top).toBe(true);
      expect(isAppFramePath(`${top}/some/page`), top).toBe(true);
    }
  });

  it("holds every signed-in page", () => {
    for (const p of ["/notes", "/notes/trash", "/account", "/account/profile"]) {
      expect(isSignedInOnlyPath(p)).toBe(true);
      expect(isAppFramePath(p)).toBe(true);
    }
  });

  it("leaves the site's pages and look-alike paths out", () => {
    for (const p of ["/", "/features", "/about", "/docs/sharing", "/n/abc", "/sign-in"])
      expect(isAppFramePath(p), p).toBe(false);
    for (const p of ["/notesx", "/accounts", "/offline-help", "/x/notes", "notes"])
      expect(isAppFramePath(p), p).toBe(false);
  });
});
