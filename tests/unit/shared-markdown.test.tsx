// @vitest-environment node
// Node's own environment, as on the server: the parser's worker thread is found by a file URL.
import { JSDOM } from "jsdom";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

import { markdownTree, SharedMarkdown } from "@/components/share/shared-markdown";
import type { SharedFiles } from "@/lib/attachments/shared-files";

const OWNER = "11111111-1111-4111-8111-111111111111";
const NOTE = "22222222-2222-4222-8222-222222222222";
const PATH = `${OWNER}/${NOTE}/0a0a0a0a0a0a-plan.pdf`;
const BODY = `# Trip\n\nSee [plan.pdf](attachment:${PATH}) and [the map](https://example.org/map).`;

function signed(token: string) {
  return {
    [PATH]: {
      original: `https://files.example/${token}`,
      download: `https://files.example/${token}?download=plan.pdf`,
      rendition: null,
    },
  };
}

/** The server component as the page renders it, as a visitor's browser would read the HTML. */
async function show(body: string, files?: SharedFiles): Promise<HTMLElement> {
  const html = renderToStaticMarkup(await SharedMarkdown({ children: body, files }));
  return new JSDOM(`<main>${html}</main>`).window.document.querySelector("main")!;
}

function link(page: HTMLElement, name: RegExp | string): HTMLAnchorElement | undefined {
  return [...page.querySelectorAll("a")].find((a) =>
    typeof name === "string" ? a.textContent === name : name.test(a.textContent ?? ""),
  );
}

// The parser starts in a thread of its own, which takes a while on a busy machine.
describe("SharedMarkdown", { timeout: 30_000 }, () => {
  it("renders a body it has seen before from the same tree, with this page's own signed links", async () => {
    expect(await markdownTree(BODY)).toBe(await markdownTree(BODY));
    const first = await show(BODY, signed("first"));
    expect(link(first, /plan\.pdf/)?.getAttribute("href")).toBe(
      "https://files.example/first?download=plan.pdf",
    );
    const second = await show(BODY, signed("second"));
    expect(link(second, /plan\.pdf/)?.getAttribute("href")).toBe(
      "https://files.example/second?download=plan.pdf",
    );
    expect(link(second, "the map")?.getAttribute("rel")).toBe("noopener noreferrer nofollow ugc");
    // Without a signed link, the file shows as its name alone.
    const unsigned = await show(BODY);
    expect(link(unsigned, /plan\.pdf/)).toBeUndefined();
    expect(unsigned.querySelector("[data-attachment-missing]")?.textContent).toBe("plan.pdf");
  });

  it("drops raw HTML and script links, however often the body is shown", async () => {
    const body = `<script>alert(1)</script>\n\n[click](javascript:alert(1)) <img src=x onerror=alert(1)>`;
    for (let i = 0; i < 2; i++) {
      const page = await show(body);
      expect(page.querySelector("script, img")).toBeNull();
      expect(page.querySelector("a")?.getAttribute("href") ?? "").not.toMatch(/javascript/i);
    }
  });

  it("lets a tree go once it has not been shown for ten minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const body = "A note whose link is about to be turned off";
      const tree = markdownTree(body);
      await tree;
      vi.advanceTimersByTime(9 * 60_000);
      // Shown again within the ten minutes: still the kept tree, and its clock starts over.
      expect(markdownTree(body)).toBe(tree);
      vi.advanceTimersByTime(9 * 60_000);
      expect(markdownTree(body)).toBe(tree);
      vi.advanceTimersByTime(10 * 60_000);
      expect(markdownTree(body)).not.toBe(tree);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the editor's tables, checklists and strike as such, not as pipes and brackets", async () => {
    const page = await show(
      "| Item | Qty |\n| --- | --- |\n| Seeds | 2 |\n\n- [x] dig the bed\n- [ ] sow\n\n~~old plan~~ and a ~single tilde~",
    );
    const cells = [...page.querySelectorAll("table th, table td")].map((c) => c.textContent);
    expect(cells).toEqual(["Item", "Qty", "Seeds", "2"]);
    const boxes = [...page.querySelectorAll<HTMLInputElement>("li input[type=checkbox]")];
    expect(boxes.map((b) => [b.checked, b.disabled, b.getAttribute("aria-label")])).toEqual([
      [true, true, "Done"],
      [false, true, "Not done"],
    ]);
    expect(page.querySelector("li")?.textContent?.trim()).toBe("dig the bed");
    expect(page.querySelector("del")?.textContent).toBe("old plan");
    expect(page.textContent).toContain("a ~single tilde~");
  });

  it("shows a changed body as changed", async () => {
    expect((await show("First words")).textContent).toBe("First words");
    expect((await show("Second words")).textContent).toBe("Second words");
  });
});
