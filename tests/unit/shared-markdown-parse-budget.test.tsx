// @vitest-environment node
// Node's own environment, as on the server: the parser's worker thread is found by a file URL.
import { JSDOM } from "jsdom";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

import { SharedMarkdown } from "@/components/share/shared-markdown";

const LIMIT = 200_000;

async function show(body: string): Promise<HTMLElement> {
  const html = renderToStaticMarkup(await SharedMarkdown({ children: body }));
  return new JSDOM(`<main>${html}</main>`).window.document.querySelector("main")!;
}

/** Meanwhile, this thread keeps answering: the longest gap between ticks of a 10 ms timer. */
function longestStall() {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  return () => {
    clearInterval(timer);
    return longest;
  };
}

describe(
  "a shared note's Markdown is parsed off the request thread, within a budget",
  { timeout: 30_000 },
  () => {
    it("a body the parser would take minutes on shows as its plain text, and this thread never stalls", async () => {
      // 48 KB of `*a` took a Markdown parse 20 s, on the thread that answers every request.
      const body = "*a".repeat(24_000);
      const stall = longestStall();
      const page = await show(body);
      expect(stall()).toBeLessThan(1_000);
      expect(page.querySelector('[data-markdown="plain"]')?.textContent).toBe(body);
      expect(page.querySelector("em, strong")).toBeNull();
    });

    it("nesting too deep to render shows as plain text too", async () => {
      const body = "> ".repeat(5_000) + "deep";
      const page = await show(body);
      expect(page.querySelector('[data-markdown="plain"]')?.textContent).toBe(body);
    });

    it("a long ordinary note at the 200,000-character limit shows whole", async () => {
      const section = "## Part\n\nSome *words* and a [link](https://example.org).\n\n";
      const count = Math.floor(LIMIT / section.length);
      const body = section.repeat(count);
      const stall = longestStall();
      const page = await show(body);
      expect(stall()).toBeLessThan(1_000);
      // As Markdown when the parser finishes within its budget (a busy machine may not), and
      // every word of it either way.
      const plain = page.querySelector('[data-markdown="plain"]');
      if (plain) expect(plain.textContent).toBe(body);
      else {
        expect(page.querySelectorAll("h2")).toHaveLength(count);
        expect(page.querySelectorAll("em")).toHaveLength(count);
        expect(page.textContent).toBe("Part\nSome words and a link.\n".repeat(count).trimEnd());
      }
    });
  },
);
