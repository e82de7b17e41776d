import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { markdownTree, SharedMarkdown } from "@/components/share/shared-markdown";

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

describe("SharedMarkdown", () => {
  afterEach(cleanup);

  it("renders a body it has seen before from the same tree, with this page's own signed links", () => {
    expect(markdownTree(BODY)).toBe(markdownTree(BODY));
    const first = render(<SharedMarkdown files={signed("first")}>{BODY}</SharedMarkdown>);
    expect(first.getByRole("link", { name: /plan\.pdf/ }).getAttribute("href")).toBe(
      "https://files.example/first?download=plan.pdf",
    );
    first.unmount();
    const second = render(<SharedMarkdown files={signed("second")}>{BODY}</SharedMarkdown>);
    expect(second.getByRole("link", { name: /plan\.pdf/ }).getAttribute("href")).toBe(
      "https://files.example/second?download=plan.pdf",
    );
    expect(second.getByRole("link", { name: "the map" }).getAttribute("rel")).toBe(
      "noopener noreferrer nofollow ugc",
    );
    // Without a signed link, the file shows as its name alone.
    second.unmount();
    const unsigned = render(<SharedMarkdown>{BODY}</SharedMarkdown>);
    expect(unsigned.queryByRole("link", { name: /plan\.pdf/ })).toBeNull();
    expect(unsigned.getByText("plan.pdf")).toBeTruthy();
  });

  it("drops raw HTML and script links, however often the body is shown", () => {
    const body = `<script>alert(1)</script>\n\n[click](javascript:alert(1)) <img src=x onerror=alert(1)>`;
    for (let i = 0; i < 2; i++) {
      const { container, unmount } = render(<SharedMarkdown>{body}</SharedMarkdown>);
      expect(container.querySelector("script, img")).toBeNull();
      expect(container.querySelector("a")?.getAttribute("href") ?? "").not.toMatch(/javascript/i);
      unmount();
    }
  });

  it("lets a tree go once it has not been shown for ten minutes", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const body = "A note whose link is about to be turned off";
      const tree = markdownTree(body);
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

  it("shows a changed body as changed", () => {
    const { container, rerender } = render(<SharedMarkdown>{"First words"}</SharedMarkdown>);
    expect(container.textContent).toBe("First words");
    rerender(<SharedMarkdown>{"Second words"}</SharedMarkdown>);
    expect(container.textContent).toBe("Second words");
  });
});
