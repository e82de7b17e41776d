import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, it } from "vitest";

import { shellPreloads } from "../../scripts/shell-preloads";

const NEXT = path.join(process.cwd(), ".next");

/** The built code of the note editor: what a note waits for before it can be typed in. */
function editorCode(): string {
  return shellPreloads(NEXT, "/offline", "NoteEditor")
    .filter((url) => url.endsWith(".js"))
    .map((url) => {
      const file = path.join(NEXT, url.replace(/^\/_next\//, ""));
      return existsSync(file) ? readFileSync(file, "utf8") : "";
    })
    .join("\n");
}

// Every chunk of it is read and compiled before a note opens; code only needed later loads later.
it("the note editor's code leaves out the upload client, which loads when a file is added", () => {
  const code = editorCode();
  // The editor itself is there (ProseMirror's content-expression parser)...
  expect(code).toContain("Missing closing paren");
  // ...and tus-js-client's own messages are not.
  expect(code).not.toContain("tus: no file or stream to upload provided");
});
