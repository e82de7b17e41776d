import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";

import { CopyButton } from "@/components/copy-button";

describe("CopyButton", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("copies a site path as an absolute link and confirms with a toast", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    render(
      <>
        <CopyButton value="/docs/sharing" successMessage="Link copied">
          Copy link
        </CopyButton>
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(`${location.origin}/docs/sharing`);
    expect(await screen.findByText("Link copied")).toBeTruthy();
  });

  it("shows the text in an error toast when the clipboard refuses", async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("denied"));
    render(
      <>
        <CopyButton value="npm test" successMessage="Command copied">
          Copy command
        </CopyButton>
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Copy command" }));
    expect(await screen.findByText("Couldn't copy to the clipboard")).toBeTruthy();
    expect(screen.getByText("npm test")).toBeTruthy();
    expect(screen.queryByText("Command copied")).toBeNull();
  });
});
