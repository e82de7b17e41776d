"use client";

import { useEffect } from "react";
import { ThemeProvider as NextThemesProvider, useTheme } from "next-themes";

import { isThemeChoice, serializeThemeCookie, type ThemeChoice } from "@/lib/theme/theme-cookie";

/**
 * Mirrors the stored choice into the `theme` cookie so the server renders the right class next
 * time. Runs on every change, including one made in another tab (next-themes listens to
 * `storage` events), and heals a browser that has localStorage from before the cookie existed.
 */
function ThemeCookieSync() {
  const { theme } = useTheme();
  useEffect(() => {
    if (!isThemeChoice(theme)) return;
    document.cookie = serializeThemeCookie(theme, { secure: location.protocol === "https:" });
  }, [theme]);
  return null;
}

export function ThemeProvider({
  initialTheme,
  children,
}: {
  /** The choice read from the cookie on the server; used when localStorage has none yet. */
  initialTheme: ThemeChoice;
  children: React.ReactNode;
}) {
  return (
    <NextThemesProvider
      attribute="class"
      defaultTheme={initialTheme}
      enableSystem
      disableTransitionOnChange
    >
      <ThemeCookieSync />
      {children}
    </NextThemesProvider>
  );
}
