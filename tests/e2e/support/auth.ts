import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { createServerClient } from "@supabase/ssr";
import { createClient } from "@supabase/supabase-js";

/** The local backend Playwright starts for the e2e run (see playwright.config.ts). */
export const BACKEND_URL = process.env.E2E_SUPABASE_URL ?? "http://127.0.0.1:54329";
/** Its mail inbox, on a port of its own (see playwright.config.ts). */
export const INBOX_URL = process.env.E2E_INBOX_URL ?? "http://127.0.0.1:54339";
export const PUBLISHABLE_KEY = "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH";
export const SECRET_KEY = "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz";
export const PASSWORD = "correct-horse-battery-9";

export type Mail = {
  id: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  createdAt: string;
};

let counter = 0;
/** A fresh address per test, so tests never share an account or an inbox. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export function admin() {
  return createClient(BACKEND_URL, SECRET_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

/** An account that can sign in at once, made through the admin API. */
export async function createUser(email = uniqueEmail("user"), password = PASSWORD) {
  const { data, error } = await admin().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  });
  if (error) throw error;
  return { id: data.user.id, email, password };
}

/** Waits for the newest mail to `to` (optionally: whose subject matches, sent after `since`). */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  { subject, since = 0 }: { subject?: RegExp; since?: number } = {},
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `${INBOX_URL}/api/messages?to=${encodeURIComponent(to)}`,
        );
        const messages = (await response.json()) as Mail[];
        found = messages.find(
          (m) => (!subject || subject.test(m.subject)) && new Date(m.createdAt).getTime() >= since,
        );
        return Boolean(found);
      },
      { message: `a mail to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

export function linkIn(mail: Mail): string {
  const href = /href="([^"]+)"/.exec(mail.html)?.[1];
  if (!href) throw new Error(`no link in mail "${mail.subject}"`);
  return href.replace(/&amp;/g, "&");
}

export function codeIn(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail "${mail.subject}"`);
  return code;
}

/** Auth cookies exactly as @supabase/ssr writes them, for a password sign-in made outside the browser. */
export async function sessionCookies(email: string, password = PASSWORD) {
  let jar: { name: string; value: string }[] = [];
  const supabase = createServerClient(BACKEND_URL, PUBLISHABLE_KEY, {
    cookies: {
      getAll: () => jar,
      setAll(toSet) {
        const names = new Set(toSet.map((c) => c.name));
        jar = [
          ...jar.filter((c) => !names.has(c.name)),
          ...toSet.filter((c) => c.value).map(({ name, value }) => ({ name, value })),
        ];
      },
    },
  });
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { cookies: jar, session: data.session! };
}

export async function addSessionCookies(
  context: BrowserContext,
  baseURL: string,
  cookies: { name: string; value: string }[],
) {
  await context.addCookies(cookies.map((c) => ({ ...c, url: baseURL, sameSite: "Lax" as const })));
}

/** Signs in through the sign-in page, the way a person does. */
export async function signInWithPassword(
  page: Page,
  email: string,
  password = PASSWORD,
  next?: string,
) {
  await page.goto(next ? `/sign-in?next=${encodeURIComponent(next)}` : "/sign-in");
  const submit = page.getByRole("main").getByRole("button", { name: "Sign in", exact: true });
  // Enabled once React runs; typing before that could be lost if the page re-renders.
  await expect(submit).toBeEnabled();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await submit.click();
}

export function userMenuButton(page: Page, email: string) {
  return page.getByRole("banner").getByRole("button", { name: `Account menu for ${email}` });
}

export async function expectSignedIn(page: Page, email: string) {
  await expect(userMenuButton(page, email)).toBeVisible();
}

export async function expectSignedOut(page: Page) {
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Sign in", exact: true }),
  ).toBeVisible();
}
