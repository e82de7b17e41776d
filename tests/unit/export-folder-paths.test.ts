// @vitest-environment node
import { describe, expect, it } from "vitest";

import { folderPaths, noteMarkdown } from "@/supabase/functions/export-data/markdown";

describe("the export's folder paths", () => {
  it("nests folders by name, makes names safe and keeps same-named siblings apart", () => {
    const paths = folderPaths([
      { id: "aaaaaaaa-1", parent_id: null, name: "Work" },
      { id: "bbbbbbbb-1", parent_id: "aaaaaaaa-1", name: "Clients/2026" },
      { id: "cccccccc-1", parent_id: null, name: "Home" },
      { id: "dddddddd-1", parent_id: null, name: "home" },
      { id: "eeeeeeee-1", parent_id: "gone", name: "..hidden" },
    ]);
    // A "/" in a name is the division slash, which import reads back as "/".
    expect(paths.get("bbbbbbbb-1")).toBe("Work/Clients\u22152026");
    expect(paths.get("cccccccc-1")).toBe("Home cccccccc");
    expect(paths.get("dddddddd-1")).toBe("home dddddddd");
    expect(paths.get("eeeeeeee-1")).toBe("hidden");
  });

  it("says the folder in the note's front matter", () => {
    const md = noteMarkdown(
      {
        id: "n1",
        title: "Plan",
        body: "text",
        pinned: false,
        deleted_at: null,
        share_slug: null,
        created_at: null,
        updated_at: null,
      },
      "Work/Clients",
    );
    expect(md).toContain('folder: "Work/Clients"');
  });
});
