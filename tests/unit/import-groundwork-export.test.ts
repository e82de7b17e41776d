import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";

import { readExport } from "@/lib/import/read-export";

const OWNER = "11111111-1111-4111-8111-111111111111";
const NOTE = "22222222-2222-4222-8222-222222222222";
const FOLDER = "33333333-3333-4333-8333-333333333333";
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

const note = (front: Record<string, unknown>, body: string) =>
  strToU8(
    `---\n${Object.entries(front)
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
      .join("\n")}\n---\n\n${body}\n`,
  );

describe("a Groundwork export, unpacked and packed again", () => {
  it("is read from inside its folder: folder names as they were, files in place, missing ones named", () => {
    const root = "groundwork-export-2026-11-26";
    const bytes = zipSync({
      [`${root}/account.json`]: strToU8(JSON.stringify({ id: OWNER })),
      [`${root}/folders.json`]: strToU8(
        JSON.stringify([
          { id: FOLDER, parent_id: null, name: "Engines: difference", path: "Engines- difference" },
        ]),
      ),
      [`${root}/notes/Engines- difference/cards-22222222.md`]: note(
        {
          id: NOTE,
          title: 'Cards: "punched"',
          folder: "Engines- difference",
          pinned: true,
          created_at: "2021-01-01T10:00:00.123456+00:00",
          updated_at: "2021-06-01T10:00:00+00:00",
          deleted_at: null,
        },
        `Holes in rows. #engines\n\n![card \\[1\\].png](attachment:${OWNER}/${NOTE}/ab12cd34ef56-card-1.png)\n\n[gone.pdf](attachment:${OWNER}/${NOTE}/ab12cd34ef56-gone.pdf)`,
      ),
      [`${root}/attachments/${NOTE}/ab12cd34ef56-card-1.png`]: PNG,
    });
    const plan = readExport([{ path: "export.zip", bytes }]);
    expect(plan.folders).toEqual(["Engines: difference"]);
    expect(plan.notes).toHaveLength(1);
    expect(plan.notes[0]).toMatchObject({
      title: 'Cards: "punched"',
      folder: "Engines: difference",
      pinned: true,
      tags: ["engines"],
      created: "2021-01-01T10:00:00.123456+00:00",
      updated: "2021-06-01T10:00:00+00:00",
      markdown: '# Cards: "punched"\n\nHoles in rows. #engines\n\n%%attachment:0%%\n\ngone.pdf',
    });
    expect(plan.attachments).toEqual([
      {
        id: `attachments/${NOTE}/ab12cd34ef56-card-1.png`,
        name: "card [1].png",
        type: "image/png",
        bytes: PNG,
      },
    ]);
    expect(plan.problems).toEqual([
      {
        file: `attachments/${NOTE}/ab12cd34ef56-gone.pdf`,
        sentence:
          '“Cards: "punched"” holds it, but it is not in the export; its name stays in the note.',
      },
    ]);
  });
});
