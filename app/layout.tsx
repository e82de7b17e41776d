import type { Metadata, Viewport } from "next";
import { cookies, headers } from "next/headers";

import { AuthProvider } from "@/components/auth/auth-provider";
import { PaletteLauncher } from "@/components/palette/palette-launcher";
import { DeferredProfileSync } from "@/components/supabase/deferred";
import { SiteFooter } from "@/components/layout/site-footer";
import { AppBar } from "@/components/layout/app-bar";
import { RouteChrome } from "@/components/layout/route-chrome";
import { ServiceWorker } from "@/components/layout/service-worker";
import { SiteHeader } from "@/components/layout/site-header";
import { ThemeProvider } from "@/components/theme/theme-provider";
import { Toaster } from "@/components/ui/sonner";
import { REQUEST_PATH_HEADER } from "@/lib/auth/routes";
import { SHELL_PATH } from "@/lib/pwa/offline-shell";
import { NONCE_HEADER } from "@/lib/security/headers";
import { KEPT_PAGE_NONCE } from "@/lib/security/kept-page";
import {
  htmlThemeAttributes,
  isThemeChoice,
  parseThemeCookie,
  THEME_COOKIE,
} from "@/lib/theme/theme-cookie";
import { getSessionProfile } from "@/lib/profile/server";
import { siteConfig } from "@/lib/site-config";

import "./globals.css";

export const metadata: Metadata = {
  title: { default: siteConfig.name, template: `%s · ${siteConfig.name}` },
  description: siteConfig.description,
  applicationName: siteConfig.name,
  appleWebApp: { capable: true, title: siteConfig.name, statusBarStyle: "default" },
  // Naming icons here replaces the app/icon.svg convention's link, so the mark is named too (else
  // browsers ask for /favicon.ico, which does not exist).
  icons: {
    icon: [{ url: "/icon.svg", type: "image/svg+xml" }],
    apple: [{ url: "/icons/apple-touch-icon.png", sizes: "180x180", type: "image/png" }],
  },
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fbfcf9" },
    { media: "(prefers-color-scheme: dark)", color: "#0f1512" },
  ],
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // An explicit light/dark choice is rendered into the HTML itself; "system" is resolved by the
  // next-themes script before paint. next-themes rewrites the class on the client, hence
  // suppressHydrationWarning (it only applies to <html>'s own attributes).
  // Signed in, the theme follows the person: the profile's choice, carried in the session.
  const profile = await getSessionProfile();
  const cookieTheme = (await cookies()).get(THEME_COOKIE)?.value;
  const theme = profile?.theme ?? parseThemeCookie(cookieTheme);
  // The Content-Security-Policy lets only nonced inline scripts run, the theme's ones included.
  // The kept home page reads no headers: its scripts carry the build's nonce.
  const requestHeaders = await headers();
  const nonce = requestHeaders.get(NONCE_HEADER) ?? (KEPT_PAGE_NONCE || undefined);
  // The app shell (what the installed app opens with no network) is an app page: the marketing
  // header and footer would only be hidden there, yet built and hydrated before the note opens.
  const shell = requestHeaders.get(REQUEST_PATH_HEADER) === SHELL_PATH;

  return (
    // data-scroll-behavior: the page scrolls smoothly to an anchor, but a route change jumps to its
    // place at once (Next turns smooth scrolling off for the change only when told so).
    <html
      lang="en"
      data-scroll-behavior="smooth"
      {...htmlThemeAttributes(theme)}
      suppressHydrationWarning
    >
      <body className="flex min-h-dvh flex-col">
        <ThemeProvider
          initialTheme={theme}
          cookieTheme={isThemeChoice(cookieTheme) ? cookieTheme : null}
          fromProfile={!!profile?.theme}
          nonce={nonce}
        >
          <AuthProvider>
            {profile ? (
              <DeferredProfileSync
                userId={profile.userId}
                theme={profile.theme}
                shown={{
                  display_name: profile.displayName,
                  username: profile.username,
                  avatar_path: profile.avatarPath,
                }}
              />
            ) : null}
            <a href="#main" className="skip-link">
              Skip to content
            </a>
            {profile ? <PaletteLauncher userId={profile.userId} /> : null}
            <RouteChrome
              signedIn={!!profile}
              appBar={profile ? <AppBar /> : null}
              header={shell ? null : <SiteHeader />}
              footer={shell ? null : <SiteFooter />}
            >
              <main id="main" tabIndex={-1} className="flex-1 outline-none">
                {children}
              </main>
            </RouteChrome>
            <Toaster />
            <ServiceWorker />
          </AuthProvider>
        </ThemeProvider>
      </body>
    </html>
  );
}
