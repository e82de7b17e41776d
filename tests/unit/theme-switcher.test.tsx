import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ThemeSwitcher } from "@/components/layout/theme-switcher";
import { ThemeProvider } from "@/components/theme/theme-provider";

import { stubSystemPreference } from "./support/match-media";

function clearCookies() {
  for (const cookie of document.cookie.split("; ").filter(Boolean)) {
    document.cookie = `${cookie.split("=")[0]}=; Max-Age=0; Path=/`;
  }
}

describe("ThemeSwitcher", () => {
  beforeEach(() => {
    localStorage.clear();
    clearCookies();
    document.documentElement.className = "";
    stubSystemPreference(false);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the current choice in its accessible name", () => {
    render(
      <ThemeProvider initialTheme="dark">
        <ThemeSwitcher />
      </ThemeProvider>,
    );
    expect(screen.getByRole("button", { name: "Theme: Dark" })).toBeTruthy();
  });

  it("applies the picked theme to <html> and remembers it in storage and the cookie", async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider initialTheme="system">
        <ThemeSwitcher />
      </ThemeProvider>,
    );

    await user.click(screen.getByRole("button", { name: "Theme: System" }));
    const dark = await screen.findByRole("menuitemradio", { name: "Dark" });
    expect(screen.getByRole("menuitemradio", { name: "System" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    await user.click(dark);

    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(localStorage.getItem("theme")).toBe("dark");
    expect(document.cookie).toContain("theme=dark");
    expect(screen.getByRole("button", { name: "Theme: Dark" })).toBeTruthy();
  });

  it("resolves system to the OS preference", () => {
    stubSystemPreference(true);
    render(
      <ThemeProvider initialTheme="system">
        <ThemeSwitcher />
      </ThemeProvider>,
    );
    expect(document.documentElement.classList.contains("dark")).toBe(true);
  });
});
