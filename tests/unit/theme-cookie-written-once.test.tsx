import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ThemeSwitcher } from "@/components/layout/theme-switcher";
import { ThemeProvider } from "@/components/theme/theme-provider";

import { stubSystemPreference } from "./support/match-media";

/** Counts what the page writes to document.cookie, keeping the browser's own behaviour. */
function watchCookieWrites() {
  const writes: string[] = [];
  const proto = Document.prototype;
  const own = Object.getOwnPropertyDescriptor(proto, "cookie")!;
  Object.defineProperty(document, "cookie", {
    configurable: true,
    get: () => own.get!.call(document),
    set: (value: string) => {
      writes.push(value.split(";")[0]);
      own.set!.call(document, value);
    },
  });
  return writes;
}

describe("the theme cookie", () => {
  let writes: string[];
  beforeEach(() => {
    localStorage.clear();
    stubSystemPreference(false);
    writes = watchCookieWrites();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    delete (document as { cookie?: string }).cookie;
  });

  it("is not written again when it already holds the choice", async () => {
    localStorage.setItem("theme", "dark");
    render(
      <ThemeProvider initialTheme="dark" cookieTheme="dark">
        <ThemeSwitcher />
      </ThemeProvider>,
    );
    await act(async () => {});
    expect(writes).toEqual([]);
  });

  it("is written when it is missing or says something else, and follows every change after", async () => {
    localStorage.setItem("theme", "dark");
    render(
      <ThemeProvider initialTheme="light" cookieTheme="light">
        <ThemeSwitcher />
      </ThemeProvider>,
    );
    await act(async () => {});
    expect(writes).toEqual(["theme=dark"]);

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /^Theme:/ }));
    await user.click(await screen.findByRole("menuitemradio", { name: "Light" }));
    await user.click(screen.getByRole("button", { name: /^Theme:/ }));
    await user.click(await screen.findByRole("menuitemradio", { name: "Dark" }));
    // Back to what the request's cookie said: written all the same, since it changed meanwhile.
    expect(writes).toEqual(["theme=dark", "theme=light", "theme=dark"]);
  });
});
