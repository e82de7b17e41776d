import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { CommentsPanel, type CommentActions } from "@/components/comments/comments-panel";
import { SupabaseProvider } from "@/components/supabase/supabase-config";
import type { CommentRow, Thread } from "@/lib/comments/threads";
import { notePeopleFrom } from "@/lib/notes/note-people";

const ANA = "0f8fad5b-d9cb-469f-a165-70867728950e";
const BEN = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const GONE = "16fd2706-8baf-433b-82eb-8c7fada847da";

const comment = (
  id: string,
  author_id: string,
  body: string,
  mentions: string[] = [],
  mention_names: string[] = [],
): CommentRow => ({
  id,
  note_id: "n",
  parent_id: id === "c1" ? null : "c1",
  author_id,
  body,
  anchor_start: null,
  anchor_end: null,
  quote: "Lisbon in May",
  resolved_at: null,
  resolved_by: null,
  created_at: "2026-11-01T10:00:00Z",
  edited_at: null,
  mentions,
  mention_names,
});

const actions = new Proxy({}, { get: () => vi.fn() }) as CommentActions;

describe("comment authors", () => {
  beforeEach(() =>
    // Wide: the panel sits beside the note.
    vi.stubGlobal(
      "matchMedia",
      vi.fn((query: string) => ({
        matches: true,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    ),
  );
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("are shown by the server's name and picture, initials without one, 'Someone' once gone", () => {
    const thread: Thread = {
      root: comment("c1", ANA, "Which week?"),
      replies: [comment("c2", BEN, "The first."), comment("c3", GONE, "Any.")],
      at: { deleted: true },
    };
    const people = notePeopleFrom([
      { user_id: ANA, role: "owner", name: "Ana Lima", email: null, avatar_path: `${ANA}/a.webp` },
      { user_id: BEN, role: "editor", name: "Ben Ode", email: null, avatar_path: null },
    ]);
    render(
      <SupabaseProvider config={{ url: "https://db.example.com", publishableKey: "k" }}>
        <CommentsPanel
          open
          onOpenChange={() => {}}
          threads={[thread]}
          people={people}
          userId={BEN}
          canComment
          draft={null}
          onDraftDone={() => {}}
          actions={actions}
        />
      </SupabaseProvider>,
    );
    const item = screen.getByRole("listitem", { name: "Thread by Ana Lima" });
    const [ana, ben, gone] = within(item).getAllByRole("listitem");
    expect(ana!.textContent).toContain("Ana Lima");
    expect(ana!.querySelector("img")?.getAttribute("src")).toMatch(
      new RegExp(
        `^https://db\\.example\\.com/storage/v1/render/image/public/avatars/${ANA}/a\\.webp\\?`,
      ),
    );
    expect(ben!.textContent).toContain("Ben Ode");
    expect(ben!.querySelector("img")).toBeNull();
    expect(ben!.querySelector("[data-author-face]")?.textContent).toBe("BO");
    expect(gone!.textContent).toContain("Someone");
  });

  const people = notePeopleFrom([
    { user_id: ANA, role: "owner", name: "Ana Lima", email: null, avatar_path: null },
    { user_id: BEN, role: "editor", name: "Ben Ode", email: null, avatar_path: null },
    { user_id: GONE, role: "commenter", name: "Bea Ruiz", email: null, avatar_path: null },
  ]);
  const panel = (props: Partial<Parameters<typeof CommentsPanel>[0]>) => (
    <SupabaseProvider config={{ url: "https://db.example.com", publishableKey: "k" }}>
      <CommentsPanel
        open
        onOpenChange={() => {}}
        threads={[]}
        people={people}
        userId={ANA}
        canComment
        draft={null}
        onDraftDone={() => {}}
        actions={actions}
        {...props}
      />
    </SupabaseProvider>
  );

  it("@ offers the note's people by keyboard; the one picked is sent as a mention", async () => {
    const user = userEvent.setup();
    const start = vi.fn(async () => ({ ok: true as const }));
    render(
      panel({
        draft: { anchor: { start: "AQID", end: "AQIE" }, quote: "Lisbon" },
        actions: { ...actions, start },
      }),
    );
    const box = screen.getByRole("textbox", { name: "Comment" });
    await user.type(box, "Ask @b");
    const list = screen.getByRole("listbox", { name: "People to mention" });
    // Not the writer; those whose name or a word of it starts with "b".
    expect(
      within(list)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["BRBea Ruiz", "BOBen Ode"]);
    expect(box.getAttribute("aria-activedescendant")).toBe(
      within(list).getAllByRole("option")[0]!.id,
    );
    await user.keyboard("{ArrowDown}");
    expect(within(list).getByRole("option", { selected: true }).textContent).toContain("Ben Ode");
    await user.keyboard("{Enter}");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe("Ask @Ben Ode ");
    // Escape closes the list, not the comment; Tab picks too.
    await user.type(box, "and @a");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(screen.getByRole("textbox", { name: "Comment" })).toBe(box);
    await user.type(box, "{Backspace}b");
    await user.keyboard("{Tab}");
    expect((box as HTMLTextAreaElement).value).toBe("Ask @Ben Ode and @Bea Ruiz ");
    await user.click(screen.getByRole("button", { name: "Comment" }));
    expect(start).toHaveBeenCalledWith(expect.anything(), "Ask @Ben Ode and @Bea Ruiz ", [
      BEN,
      GONE,
    ]);
  });

  it("a person whose @Name was deleted again is not sent", async () => {
    const user = userEvent.setup();
    const start = vi.fn(async () => ({ ok: true as const }));
    render(
      panel({
        draft: { anchor: { start: "AQID", end: "AQIE" }, quote: "Lisbon" },
        actions: { ...actions, start },
      }),
    );
    const box = screen.getByRole("textbox", { name: "Comment" });
    await user.type(box, "@be{Enter}");
    await user.clear(box);
    await user.type(box, "Nobody now");
    await user.click(screen.getByRole("button", { name: "Comment" }));
    expect(start).toHaveBeenCalledWith(expect.anything(), "Nobody now", []);
  });

  it("shows each mentioned person's @Name highlighted, other @words as written", () => {
    const thread: Thread = {
      root: comment("c1", ANA, "@Ben Ode and @Bea Ruiz, not @Ana Lima", [BEN, GONE]),
      replies: [],
      at: { deleted: true },
    };
    render(panel({ threads: [thread] }));
    const marks = [...document.querySelectorAll("mark[data-mention]")];
    expect(marks.map((m) => [m.textContent, m.getAttribute("data-mention")])).toEqual([
      ["@Ben Ode", BEN],
      ["@Bea Ruiz", GONE],
    ]);
    expect(screen.getByText(/not @Ana Lima/)).toBeTruthy();
  });

  it("a mention written before the person renamed themselves shows their name now, and edits keep it", async () => {
    const user = userEvent.setup();
    const edit = vi.fn().mockResolvedValue({ ok: true });
    const thread: Thread = {
      root: comment("c1", ANA, "Ask @Benji about it", [BEN], ["Benji"]),
      replies: [],
      at: { deleted: true },
    };
    render(panel({ threads: [thread], actions: { ...actions, edit } }));
    const marks = [...document.querySelectorAll("mark[data-mention]")];
    expect(marks.map((m) => [m.textContent, m.getAttribute("data-mention")])).toEqual([
      ["@Ben Ode", BEN],
    ]);
    expect(screen.queryByText(/Benji/)).toBeNull();
    await user.click(screen.getByRole("button", { name: /Edit your comment/ }));
    const field = screen.getByRole("textbox", { name: "Edit comment" });
    expect((field as HTMLTextAreaElement).value).toBe("Ask @Ben Ode about it");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(edit).toHaveBeenCalledWith("c1", "Ask @Ben Ode about it", [BEN]);
  });
});
