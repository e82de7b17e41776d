import { act, render, screen } from "@testing-library/react";
import { Profiler } from "react";
import { describe, expect, it } from "vitest";

import { LiveSaveStatus, StatusStore } from "@/components/notes/live-save-status";

describe("a note's save status while someone types", () => {
  it("says saving and saved on the status without rendering it again each time", () => {
    const status = new StatusStore();
    let commits = 0;
    const { container } = render(
      <Profiler id="status" onRender={() => commits++}>
        <LiveSaveStatus status={status} elsewhere={0} onRetry={() => {}} />
      </Profiler>,
    );
    const state = () =>
      container.querySelector("[data-save-state]")?.getAttribute("data-save-state");
    expect(state()).toBe("saved");
    const first = commits;

    // Keystrokes: saving, saved, saving, saved.
    for (let i = 0; i < 3; i++) {
      act(() => status.set({ state: "saving" }));
      expect(state()).toBe("saving");
      act(() => status.set({ state: "saved" }));
      expect(state()).toBe("saved");
    }
    expect(commits).toBe(first);
    expect(screen.getByRole("status").textContent).toBe("");

    // Offline is shown, and said.
    act(() => status.set({ state: "offline" }));
    expect(state()).toBe("offline");
    expect(screen.getByRole("status").textContent).toContain(
      "Offline — changes kept on this device",
    );
    expect(commits).toBeGreaterThan(first);

    // Back online and saving: quiet again, with the state it is in.
    act(() => status.set({ state: "saving" }));
    expect(state()).toBe("saving");
    expect(screen.getByRole("status").textContent).toBe("");
    act(() => status.set({ state: "saved" }));
    expect(state()).toBe("saved");

    // An error is shown with its message and a way to try again.
    act(() => status.set({ state: "error", message: "the note is too long" }));
    expect(state()).toBe("error");
    expect(screen.getByRole("status").textContent).toContain("Not saved: the note is too long");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
