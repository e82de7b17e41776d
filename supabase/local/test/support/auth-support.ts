import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { MailMessage } from "@groundwork/local-backend";
import { expect } from "vitest";
import {
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  startTestBackend,
  type TestBackend,
} from "./local-backend";

// Auth tests sign up many users from one address; the rate-limit test turns limits back on itself.
process.env.SUPABASE_LOCAL_RATE_LIMITS ??= "off";
// They pin the auth server's built-in mails; auth-email-templates.test.ts covers configured templates.
process.env.SUPABASE_LOCAL_EMAIL_TEMPLATES ??= "off";

let counter = 0;
/** A fresh address per call, so tests sharing one backend never collide. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const PASSWORD = "correct horse battery 9";

export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** supabase-js as a browser would use it: a session kept in (memory) storage, optionally PKCE. */
export function browserClient(
  t: TestBackend,
  options: { flowType?: "pkce" | "implicit"; fetch?: typeof fetch } = {},
): SupabaseClient {
  return createClient(t.url, LOCAL_PUBLISHABLE_KEY, {
    auth: {
      persistSession: true,
      storage: memoryStorage(),
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: options.flowType ?? "implicit",
    },
    global: options.fetch ? { fetch: options.fetch } : undefined,
  });
}

/** supabase-js with the secret key, as a server would hold it. */
export function adminClient(t: TestBackend): SupabaseClient {
  return createClient(t.url, LOCAL_SECRET_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/** A confirmed user made with the secret key and signed in from a browser client of the project. */
export async function signedInUser(
  t: TestBackend,
  prefix = "oauth",
): Promise<{ client: SupabaseClient; id: string; email: string }> {
  const email = uniqueEmail(prefix);
  const created = await adminClient(t).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  expect(created.error).toBeNull();
  const client = browserClient(t);
  expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  return { client, id: created.data.user!.id, email };
}

export async function mailsTo(t: TestBackend, address: string): Promise<MailMessage[]> {
  return (await t.backend.mail.list()).filter((m) => m.to.includes(address));
}

/** The newest message to `address`, failing loudly when there is none. */
export async function lastMailTo(t: TestBackend, address: string): Promise<MailMessage> {
  const [mail] = await mailsTo(t, address);
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}

export function linkIn(mail: MailMessage): string {
  const m = /href="([^"]+)"/.exec(mail.html);
  if (!m) throw new Error(`no link in "${mail.subject}"`);
  return m[1].replace(/&amp;/g, "&");
}

export function codeIn(mail: MailMessage): string {
  const m = /code: <strong>(\d+)<\/strong>/.exec(mail.html);
  if (!m) throw new Error(`no code in "${mail.subject}"`);
  return m[1];
}

/** Follows a mail link the way a browser's first hop does, returning the redirect target. */
export async function follow(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: "manual" });
  if (res.status !== 303)
    throw new Error(`expected 303 from ${link}, got ${res.status}: ${await res.text()}`);
  return new URL(res.headers.get("location") ?? "");
}

export function fragment(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.slice(1));
}

export { startTestBackend, type TestBackend };
