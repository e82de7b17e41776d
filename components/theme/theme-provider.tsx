"use client";

import { createContext, useContext, useEffect, useSyncExternalStore } from "react";
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

const ServerThemeContext = createContext<ThemeChoice>("system");

const noSubscription = () => () => {};

/**
 * The theme choice to show in controls. next-themes knows nothing on the server and reads
 * localStorage on the client, so its value can differ between the two renders; until hydration is
 * over this answers the cookie's choice, which the server rendered, and next-themes' after that.
 */
export function useThemeChoice(): {
  choice: ThemeChoice;
  setChoice: (choice: ThemeChoice) => void;
} {
  const serverChoice = useContext(ServerThemeContext);
  const { theme, setTheme } = useTheme();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const choice = hydrated && isThemeChoice(theme) ? theme : serverChoice;
  return { choice, setChoice: setTheme };
}

export function ThemeProvider({
  initialTheme,
  nonce,
  children,
}: {
  /** The choice read from the cookie on the server; used when localStorage has none yet. */
  initialTheme: ThemeChoice;
  /** This response's script nonce, for the no-flash script that applies the theme before paint. */
  nonce?: string;
  children: React.ReactNode;
}) {
  return (
    <NextThemesProvider
      attribute="class"
      defaultTheme={initialTheme}
      enableSystem
      disableTransitionOnChange
      nonce={nonce}
    >
      <ServerThemeContext value={initialTheme}>
        <ThemeCookieSync />
        {children}
      </ServerThemeContext>
    </NextThemesProvider>
  );
}
