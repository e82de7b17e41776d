import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { CommentsPanel, type CommentActions } from "@/components/comments/comments-panel";
import { SupabaseProvider } from "@/components/supabase/supabase-config";
import type { CommentRow, Thread } from "@/lib/comments/threads";
import { notePeopleFrom } from "@/lib/notes/note-people";

const ANA = "0f8fad5b-d9cb-469f-a165-70867728950e";
const BEN = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const GONE = "16fd2706-8baf-433b-82eb-8c7fada847da";

const comment = (id: string, author_id: string, body: string): CommentRow => ({
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
  mentions: [],
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
});
