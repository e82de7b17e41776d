import { readFileSync } from "node:fs";
import path from "node:path";

import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { LogoMark } from "@/components/layout/logo";
import { ICON_FILES, LOGO_NODE, type IconName } from "@/components/ui/icon-names";
import * as icons from "@/components/ui/icons";
import { NotePreview } from "@/components/notes/note-preview";
import {
  iconSvg,
  spriteCells,
  spritePosition,
  spriteSvg,
  svgDataUrl,
  svgOfDataUrl,
  type IconNode,
} from "@/lib/icons/mask";

const css = readFileSync(path.join(process.cwd(), "components/ui/icons.css"), "utf8");

/** A custom property the stylesheet sets on :root. */
function property(name: string): string | null {
  return new RegExp(`${name}: ([^;]*);`).exec(css)?.[1] ?? null;
}

const cells = spriteCells(svgOfDataUrl(property("--icon-sprite")!));

/**
 * The SVG the stylesheet draws for an icon's class: the sprite's cell at the place the class puts
 * the mask, read back as the icon's own `<svg>`.
 */
function drawnBy(name: string): string | null {
  const rule = new RegExp(`\\.i-${name} \\{\\s*mask-position: var\\(--i-${name}\\);`).exec(css);
  const place = property(`--i-${name}`);
  if (!rule || !place) return null;
  const index = cells.findIndex((_, i) => spritePosition(i, cells.length) === place);
  return index === -1 ? null : cells[index]!;
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
    const url = svgDataUrl(iconSvg(node));
    expect(url.slice(5, -2)).not.toMatch(/[#<>"]/);
    expect(svgOfDataUrl(url)).toBe(iconSvg(node));
    expect(svgOfDataUrl(url)).toContain(`<path d='M1 1h2' fill='#fff'/>`);
    expect(svgOfDataUrl(url)).not.toContain("key=");
  });

  it("draws every icon from one SVG, each box showing one whole cell of it", async () => {
    // One image for all: the stylesheet holds a single SVG, and no icon brings its own.
    expect(css.match(/data:image\/svg\+xml/g)).toHaveLength(1);
    const nodes = await Promise.all(Object.values(ICON_FILES).map(lucideNode));
    expect(svgOfDataUrl(property("--icon-sprite")!)).toBe(spriteSvg([...nodes, LOGO_NODE]));
    expect(cells).toHaveLength(Object.keys(ICON_FILES).length + 1);
    expect(property("--icon-sprite-size")).toBe(`${cells.length * 100}% 100%`);
    expect(css).toMatch(
      /\.icon \{[^}]*mask-image: var\(--icon-sprite\);[^}]*mask-size: var\(--icon-sprite-size\);[^}]*mask-repeat: no-repeat;/,
    );
    // Cell i lines up with the box at i / (n - 1) of the way: the first at 0%, the last at 100%.
    expect(spritePosition(0, 23)).toBe("0% 0");
    expect(spritePosition(22, 23)).toBe("100% 0");
    expect(spritePosition(1, 23)).toBe("4.5455% 0");
    // Each place is taken once, so no two icons draw the same cell.
    const places = [...css.matchAll(/--i-[a-z0-9-]+: ([^;]*);/g)].map((m) => m[1]);
    expect(new Set(places).size).toBe(cells.length);
    // The list's pin draws the pin's own cell.
    const list = readFileSync(path.join(process.cwd(), "components/notes/note-list.css"), "utf8");
    expect(list).toMatch(/mask-image: var\(--icon-sprite\);/);
    expect(list).toMatch(/mask-position: var\(--i-pin\);/);
    expect(list).not.toContain("data:image");
    expect(drawnBy("pin")).toBe(iconSvg(await lucideNode("pin")));
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
