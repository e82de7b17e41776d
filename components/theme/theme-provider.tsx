"use client";

import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from "react";
import { ThemeProvider as NextThemesProvider, useTheme } from "next-themes";

import { isThemeChoice, serializeThemeCookie, type ThemeChoice } from "@/lib/theme/theme-cookie";

/**
 * Mirrors the stored choice into the `theme` cookie so the server renders the right class next
 * time. Runs on every change, including one made in another tab (next-themes listens to
 * `storage` events), and heals a browser that has localStorage from before the cookie existed.
 * A cookie that already holds the choice (as the server read it, or as last written here) is left
 * alone: writing it is a trip to the browser's cookie store, in the effects every page waits on.
 */
function ThemeCookieSync({ cookieTheme }: { cookieTheme: ThemeChoice | null }) {
  const { theme } = useTheme();
  const written = useRef(cookieTheme);
  useEffect(() => {
    if (!isThemeChoice(theme) || theme === written.current) return;
    document.cookie = serializeThemeCookie(theme, { secure: location.protocol === "https:" });
    written.current = theme;
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
  cookieTheme = null,
  fromProfile = false,
  nonce,
  children,
}: {
  /** The choice the server rendered: the profile's when signed in, else the cookie's. */
  initialTheme: ThemeChoice;
  /** What the request's `theme` cookie held, if it held a choice. */
  cookieTheme?: ThemeChoice | null;
  /** This response's script nonce, for the no-flash scripts that apply the theme before paint. */
  /**
   * The choice is the signed-in person's, saved on their profile: it replaces whatever this
   * browser kept, before next-themes' own script reads it, so the page never flashes another theme.
   */
  fromProfile?: boolean;
  nonce?: string;
  children: React.ReactNode;
}) {
  return (
    <>
      {/* Always rendered (empty when signed out), so signing in changes its text rather than adding
          a script element on the client, which React refuses to run and warns about. */}
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{
          __html: fromProfile
            ? `try{localStorage.setItem("theme",${JSON.stringify(initialTheme)})}catch(e){}`
            : "",
        }}
      />
      <NextThemesProvider
        attribute="class"
        defaultTheme={initialTheme}
        enableSystem
        disableTransitionOnChange
        nonce={nonce}
      >
        <ServerThemeContext value={initialTheme}>
          <ThemeCookieSync cookieTheme={cookieTheme} />
          {children}
        </ServerThemeContext>
      </NextThemesProvider>
    </>
  );
}
