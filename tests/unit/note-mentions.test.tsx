import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

type Row = {
  linked: boolean;
  source_id: string;
  source_title: string;
  context: string;
  updated_at: string;
};
type Answer = { data: Row[] | null; error: { message: string } | null };

/** A stand-in for supabase-js: note_mentions() answered when the test says. */
const fake = vi.hoisted(() => {
  const calls: { name: string; args: unknown; answer: (a: Answer) => void }[] = [];
  const client = {
    rpc(name: string, args: unknown) {
      return new Promise<Answer>((resolve) => calls.push({ name, args, answer: resolve }));
    },
  };
  return { calls, client, loaded: true };
});
vi.mock("@/components/supabase/supabase-config", () => ({
  useLoadedSupabase: () => (fake.loaded ? fake.client : null),
}));

import { NoteMentions } from "@/components/tags/note-mentions";

const flush = () => act(async () => await new Promise((r) => setTimeout(r, 0)));
const row = (linked: boolean, title: string, context: string): Row => ({
  linked,
  source_id: `id-${title}`,
  source_title: title,
  context,
  updated_at: "2026-11-25T10:00:00Z",
});

describe("the links under a note", () => {
  afterEach(() => {
    cleanup();
    fake.calls.length = 0;
    fake.loaded = true;
  });

  it("shows nothing until read, then the linking notes and the unlinked mentions in the database's order", async () => {
    const { container } = render(<NoteMentions noteId="n1" />);
    expect(fake.calls.map(({ name, args }) => ({ name, args }))).toEqual([
      { name: "note_mentions", args: { note_id: "n1" } },
    ]);
    // No "No note links here yet." before the answer says so.
    expect(container.innerHTML).toBe("");

    fake.calls[0].answer({
      data: [
        row(true, "Budget", "See [[Lisbon trip]] for dates."),
        row(false, "Diary", "talked about the Lisbon trip"),
        row(true, "Packing", "Read [[Lisbon trip]] first."),
      ],
      error: null,
    });
    await flush();

    const linked = screen.getByRole("region", { name: /Linked from/ });
    expect(linked.textContent).toContain("Linked from(2)");
    expect(
      [...linked.querySelectorAll("a")].map((a) => [a.getAttribute("href"), a.textContent]),
    ).toEqual([
      ["/notes/id-Budget", "BudgetSee [[Lisbon trip]] for dates."],
      ["/notes/id-Packing", "PackingRead [[Lisbon trip]] first."],
    ]);
    const unlinked = screen.getByRole("region", { name: /Unlinked mentions/ });
    expect(unlinked.textContent).toContain("Unlinked mentions(1)");
    expect(unlinked.querySelector("a")?.getAttribute("href")).toBe("/notes/id-Diary");
  });

  it("says so when nothing links to the note", async () => {
    render(<NoteMentions noteId="n1" />);
    fake.calls[0].answer({ data: [], error: null });
    await flush();
    expect(screen.getByRole("region", { name: "Linked from" }).textContent).toContain(
      "No note links here yet.",
    );
    expect(screen.getByRole("region", { name: "Unlinked mentions" }).textContent).toContain(
      "No other note names this one's title.",
    );
  });

  it("shows nothing when the links cannot be read, and asks nothing before the client has loaded", async () => {
    fake.loaded = false;
    const { container, rerender } = render(<NoteMentions noteId="n1" />);
    expect(fake.calls).toHaveLength(0);
    fake.loaded = true;
    rerender(<NoteMentions noteId="n1" />);
    expect(fake.calls).toHaveLength(1);
    fake.calls[0].answer({ data: null, error: { message: "Failed to fetch" } });
    await flush();
    expect(container.innerHTML).toBe("");
  });

  it("drops an answer for a note no longer shown", async () => {
    const { container, rerender } = render(<NoteMentions key="n1" noteId="n1" />);
    rerender(<NoteMentions key="n2" noteId="n2" />);
    expect(fake.calls.map((c) => c.args)).toEqual([{ note_id: "n1" }, { note_id: "n2" }]);
    fake.calls[0].answer({ data: [row(true, "Stale", "old")], error: null });
    await flush();
    expect(container.innerHTML).toBe("");
    fake.calls[1].answer({ data: [row(true, "Fresh", "new")], error: null });
    await flush();
    expect(screen.getByRole("region", { name: /Linked from/ }).textContent).toContain("Fresh");
    expect(container.textContent).not.toContain("Stale");
  });
});
