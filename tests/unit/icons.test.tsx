import { readFileSync } from "node:fs";
import path from "node:path";

import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { LogoMark } from "@/components/layout/logo";
import { ICON_FILES, LOGO_NODE, type IconName } from "@/components/ui/icon-names";
import * as icons from "@/components/ui/icons";
import { NotePreview } from "@/components/notes/note-preview";
import { iconMaskUrl, iconSvg, svgOfMaskUrl, type IconNode } from "@/lib/icons/mask";

const css = readFileSync(path.join(process.cwd(), "components/ui/icons.css"), "utf8");

/** The SVG the stylesheet draws for an icon's class, read back from its mask URL. */
function drawnBy(name: string): string | null {
  const rule = new RegExp(`\\.i-${name} \\{\\s*mask-image: (url\\("[^"]*"\\));`).exec(css);
  return rule ? svgOfMaskUrl(rule[1]!) : null;
}

async function lucideNode(file: string): Promise<IconNode> {
  const mod = (await import(`lucide-react/dist/esm/icons/${file}.mjs`)) as {
    __iconData: { node: IconNode };
  };
  return mod.__iconData.node;
}

describe("icons drawn by the stylesheet", () => {
  afterEach(cleanup);

  it.each(Object.entries(ICON_FILES))(
    "draws %s as lucide's %s, every path and shape of it",
    async (name, file) => {
      const node = await lucideNode(file);
      const drawn = drawnBy(name);
      expect(drawn).toBe(iconSvg(node));
      for (const [tag, attrs] of node) {
        for (const [attr, value] of Object.entries(attrs))
          if (attr !== "key") expect(drawn).toContain(`${attr}='${value}'`);
        expect(drawn).toContain(`<${tag} `);
      }
      // lucide's stroke: 2 units of 24, round ends and joins, no fill.
      expect(drawn).toMatch(
        /viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'/,
      );
    },
  );

  it("keeps quotes, # and angle brackets out of the URL and reads it back unchanged", () => {
    const node: IconNode = [["path", { d: "M1 1h2", key: "x", fill: "#fff" }]];
    const url = iconMaskUrl(node);
    expect(url.slice(5, -2)).not.toMatch(/[#<>"]/);
    expect(svgOfMaskUrl(url)).toBe(iconSvg(node));
    expect(svgOfMaskUrl(url)).toContain(`<path d='M1 1h2' fill='#fff'/>`);
    expect(svgOfMaskUrl(url)).not.toContain("key=");
  });

  it("renders each icon as one empty, hidden <svg> with its class, not its paths", () => {
    const names = new Set<string>(Object.keys(ICON_FILES));
    const exported = Object.entries(icons);
    expect(exported.length).toBe(names.size);
    for (const [exportName, Icon] of exported) {
      const { container } = render(<Icon className="size-4" data-testid={exportName} />);
      const svg = screen.getByTestId(exportName);
      expect(svg.tagName.toLowerCase()).toBe("svg");
      expect(svg.getAttribute("aria-hidden")).toBe("true");
      expect(svg.childNodes.length).toBe(0);
      const [base, kind, size] = svg.getAttribute("class")!.split(" ");
      expect(base).toBe("icon");
      expect(size).toBe("size-4");
      const name = kind!.replace(/^i-/, "") as IconName;
      expect(names.has(name)).toBe(true);
      expect(drawnBy(name)).not.toBeNull();
      expect(container.innerHTML.replace(/ data-testid="[^"]*"/, "").length).toBeLessThan(80);
      cleanup();
    }
  });

  it("draws the mark's four filled bars, the upper ones as faint as before", () => {
    const drawn = drawnBy("logo")!;
    expect(drawn).toBe(iconSvg(LOGO_NODE));
    const rects = [...drawn.matchAll(/<rect ([^/]*)\/>/g)].map((m) => m[1]);
    expect(rects).toEqual([
      "x='2' y='14' width='20' height='4' rx='1.5' fill='black' stroke='none'",
      "x='5' y='8' width='14' height='4' rx='1.5' opacity='0.7' fill='black' stroke='none'",
      "x='8' y='2' width='8' height='4' rx='1.5' opacity='0.45' fill='black' stroke='none'",
      "x='2' y='20' width='20' height='2' rx='1' opacity='0.3' fill='black' stroke='none'",
    ]);
    const { container } = render(<LogoMark className="size-6 text-primary" />);
    expect(container.innerHTML).toBe(
      '<svg aria-hidden="true" class="icon i-logo size-6 text-primary"></svg>',
    );
  });

  it("leaves a button named by its text, the icon silent", () => {
    render(
      <button type="button">
        <icons.PinIcon />
        <span className="sr-only">Pin</span>
      </button>,
    );
    expect(screen.getByRole("button").textContent).toBe("Pin");
    expect(screen.getByRole("button", { name: "Pin" })).toBeTruthy();
  });

  it("is heard when given a name of its own, as a lucide icon is (the folder tree's Shared mark)", () => {
    render(
      <p>
        Recipes <icons.UsersIcon role="img" aria-label="Shared" />
      </p>,
    );
    expect(screen.getByRole("img", { name: "Shared" })).toBeTruthy();
  });
});

describe("NotePreview", () => {
  afterEach(cleanup);

  it("shows the title and one paragraph per block of the body, as the note reads", () => {
    render(<NotePreview title="Groceries" body={"Milk\nEggs\n\nBread"} />);
    const note = screen.getByRole("article", { name: "Note" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Groceries");
    const paragraphs = note.querySelectorAll("p");
    expect([...paragraphs].map((p) => p.textContent)).toEqual(["Milk\nEggs", "Bread"]);
  });

  it("names a note without a title", () => {
    render(<NotePreview title="  " body="" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Untitled note");
  });
});
