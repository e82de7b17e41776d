import type { createClient, SupabaseClient } from "@supabase/supabase-js";
import type { Browser, BrowserContext, CDPSession, Page } from "@playwright/test";
import { PASSWORD, startTestBackend, type TestBackend } from "./auth-support";
import { launchChromium, servePageWithSupabaseJs, type PageServer } from "./chromium";
import { LOCAL_PUBLISHABLE_KEY } from "./local-backend";

/** The page's globals: supabase-js's browser bundle, and the client a test made with it. */
export type PageWindow = Window & {
  supabase: { createClient: typeof createClient };
  sb: SupabaseClient;
};

export interface Device {
  context: BrowserContext;
  tab: Page;
  cdp: CDPSession;
  authenticatorId: string;
}

export interface CeremonyRig {
  t: TestBackend;
  /** A fresh browser profile with one authenticator: "usb" is a security key, "internal" the device's own. */
  device(transport: "usb" | "internal"): Promise<Device>;
  stop(): Promise<void>;
}

/**
 * A backend with WebAuthn MFA and passkeys on for a page served on localhost, and Chromium to open
 * that page with virtual authenticators.
 */
export async function startCeremonyRig(): Promise<CeremonyRig> {
  const page: PageServer = await servePageWithSupabaseJs();
  const t = await startTestBackend();
  const auth = t.backend.config.auth;
  auth.email.enableConfirmations = false;
  auth.webauthn.mfa = { enrollEnabled: true, verifyEnabled: true };
  auth.webauthn.passkey.enabled = true;
  auth.webauthn.rp = { id: "localhost", displayName: "Groundwork", origins: [page.origin] };
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
  } catch (err) {
    await page.close();
    await t.stop();
    throw err;
  }
  const opened = browser;
  return {
    t,
    async device(transport) {
      const context = await opened.newContext();
      const tab = await context.newPage();
      await tab.goto(page.origin);
      const cdp = await context.newCDPSession(tab);
      await cdp.send("WebAuthn.enable");
      const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: {
          protocol: "ctap2",
          transport,
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      await tab.evaluate(
        ({ url, key }) => {
          const w = window as unknown as PageWindow;
          w.sb = w.supabase.createClient(url, key, {
            auth: { persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
          });
        },
        { url: t.url, key: LOCAL_PUBLISHABLE_KEY },
      );
      return { context, tab, cdp, authenticatorId };
    },
    async stop() {
      await opened.close();
      await page.close();
      await t.stop();
    },
  };
}

/** The credentials the device's authenticator holds, as Chromium reports them. */
export async function credentialsOn(d: Device) {
  const { credentials } = await d.cdp.send("WebAuthn.getCredentials", {
    authenticatorId: d.authenticatorId,
  });
  return credentials;
}

/** Signs a new user up in the page (confirmations are off); answers the user's id. */
export async function signUp(d: Device, email: string): Promise<string> {
  return d.tab.evaluate(
    async ({ email, password }) => {
      const { data, error } = await (window as unknown as PageWindow).sb.auth.signUp({
        email,
        password,
      });
      if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`);
      return data.session.user.id;
    },
    { email, password: PASSWORD },
  );
}

/** What supabase-js in the page says about the session's assurance level. */
export async function assurance(d: Device) {
  return d.tab.evaluate(async () => {
    const sb = (window as unknown as PageWindow).sb;
    const { data } = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
    return {
      currentLevel: data?.currentLevel,
      nextLevel: data?.nextLevel,
      methods: data?.currentAuthenticationMethods.map((m) =>
        typeof m === "string" ? m : m.method,
      ),
    };
  });
}

/** Rewrites the verify request so it names a freshly issued challenge the key never signed. */
export async function swapChallenge(
  d: Device,
  verifyPath: string,
  freshChallenge: (authorization: string) => Promise<string>,
): Promise<void> {
  await d.tab.route(`**${verifyPath}`, async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    body.challenge_id = await freshChallenge(route.request().headers().authorization ?? "");
    await route.continue({ postData: JSON.stringify(body) });
  });
}
