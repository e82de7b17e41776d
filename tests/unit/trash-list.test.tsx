import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast, Toaster } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { TrashList } from "@/components/notes/trash-list";
import type { TrashRound } from "@/lib/notes/empty-trash";
import type { TrashPage } from "@/lib/notes/list";

const { emptyTrash, refresh } = vi.hoisted(() => ({ emptyTrash: vi.fn(), refresh: vi.fn() }));

vi.mock("@/lib/notes/actions", () => ({
  emptyTrash,
  deleteForever: vi.fn(),
  restoreNote: vi.fn(),
}));
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));
vi.mock("@/components/supabase/supabase-config", () => ({
  useSupabaseConfig: () => ({}),
  loadSupabase: vi.fn(),
}));

const page: TrashPage = {
  notes: ["Draft one", "Draft two"].map((title, i) => ({
    id: `00000000-0000-4000-8000-00000000000${i}`,
    title,
    preview: "",
    pinned: false,
    updated_at: "2026-11-01T00:00:00Z",
    deleted_at: new Date().toISOString(),
  })),
  more: false,
  total: 250,
};

/** Rounds the test answers one at a time, so it can look at the page in between. */
function heldRounds() {
  const answers: ((answer: TrashRound) => void)[] = [];
  emptyTrash.mockImplementation(() => new Promise<TrashRound>((resolve) => answers.push(resolve)));
  return async (answer: TrashRound) => {
    await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0));
    await act(async () => answers.shift()!(answer));
  };
}

async function confirmEmptyTrash() {
  const user = userEvent.setup();
  render(
    <>
      <TrashList firstPage={page} userId="person-1" />
      <Toaster />
    </>,
  );
  await user.click(screen.getByRole("button", { name: "Empty Trash" }));
  const dialog = await screen.findByRole("alertdialog", { name: "Empty Trash?" });
  await user.click(within(dialog).getByRole("button", { name: "Empty Trash" }));
}

describe("TrashList: Empty Trash", () => {
  beforeEach(() => {
    emptyTrash.mockReset();
    refresh.mockReset();
  });
  afterEach(() => {
    // Toasts outlive the page that raised them; each test starts without the last one's.
    toast.dismiss();
    cleanup();
  });

  it("deletes round after round, showing how far it got, with the buttons off meanwhile", async () => {
    const answer = heldRounds();
    await confirmEmptyTrash();
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("Deleting notes… 0 of 250");
    expect(screen.getByRole("button", { name: "Restore Draft one" })).toHaveProperty(
      "disabled",
      true,
    );
    expect(screen.getByRole("button", { name: "Empty Trash" })).toHaveProperty("disabled", true);

    await answer({ deleted: 100, done: false });
    expect(status.textContent).toBe("Deleting notes… 100 of 250");
    await answer({ deleted: 100, done: false });
    expect(status.textContent).toBe("Deleting notes… 200 of 250");
    await answer({ deleted: 50, done: true });

    expect(await screen.findByText("Trash emptied")).toBeTruthy();
    expect(emptyTrash).toHaveBeenCalledTimes(3);
    expect(status.textContent).toBe("");
    expect(refresh).not.toHaveBeenCalled();
  });

  it("stops at an error, says so, and reads the Trash again so only what went leaves the list", async () => {
    const answer = heldRounds();
    await confirmEmptyTrash();
    await answer({ deleted: 100, done: false });
    await answer({ error: "Couldn't empty the Trash. Check your connection and try again." });

    expect(
      await screen.findByText("Couldn't empty the Trash. Check your connection and try again."),
    ).toBeTruthy();
    expect(emptyTrash).toHaveBeenCalledTimes(2);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("Trash emptied")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("");
    const items = within(screen.getByRole("list", { name: "Notes in Trash" })).getAllByRole(
      "listitem",
    );
    expect(items).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Empty Trash" })).toHaveProperty("disabled", false);
  });
});
