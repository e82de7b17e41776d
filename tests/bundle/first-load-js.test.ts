import { describe, expect, it } from "vitest";

import { firstLoadGzipBytes } from "../../scripts/bench/first-load";

const KB = 1000;

/**
 * What a visitor downloads before a page works, in gzip bytes. Vercel's with-supabase starter, built
 * with the same Next and clients, ships 252 KB on `/` measured this way; ours must stay below it.
 * Each budget leaves a few KB of room over today's size. Raising one is a decision: say in the
 * commit what the page gained for it. The editor, its CRDT and the upload client belong only to
 * the notes pages, where they load after the page is shown; the Supabase client library loads
 * on demand everywhere (a form that needs it, or what keeps a page live once it is shown).
 */
const BUDGETS: Record<string, number> = {
  "/": 220 * KB,
  "/sign-in": 220 * KB,
  "/sign-up": 215 * KB,
  "/forgot-password": 215 * KB,
  "/update-password": 215 * KB,
  "/sign-in/email": 215 * KB,
  "/verify-otp": 215 * KB,
  "/verify-mfa": 215 * KB,
  "/account": 220 * KB,
  "/account/profile": 220 * KB,
  "/account/data": 220 * KB,
  "/account/import": 220 * KB,
  "/notes": 240 * KB,
  // 243: the page's chrome follows its path in the browser (components/layout/route-chrome.tsx)
  // and the notes' not-found view is client code, about 0.4 KB together, so a note page's HTML
  // leaves out the hidden marketing header and footer and that view's tree (about 5 KB a view).
  // 244: the list keeps every note's title, folder and tags on the device for the app opened
  // offline, and signing out forgets the device from the button as well as from the auth event
  // (about 0.1 KB together; the code they run comes when they run).
  "/notes/[id]": 244 * KB,
  "/notes/trash": 240 * KB,
  "/n/[slug]": 255 * KB,
};

describe("first-load JavaScript", () => {
  const sizes = firstLoadGzipBytes();

  it.each(Object.entries(BUDGETS))("%s stays within its budget", (route, budget) => {
    const size = sizes.get(route);
    expect(size, `${route} is not in the build`).toBeDefined();
    expect(size, `${route}: ${((size ?? 0) / KB).toFixed(1)} KB gzip`).toBeLessThanOrEqual(budget);
  });
});
