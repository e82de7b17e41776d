import "server-only";

import { cache } from "react";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";

import { forwardFinder } from "@/lib/text/forward-finder";
import { supabaseEnv } from "@/lib/supabase/env";
import type { Database } from "@/lib/supabase/database.types";

/** What a visitor may see of a shared note: the fields shared_note() returns, nothing more. */
export type SharedNote = Database["public"]["Functions"]["shared_note"]["Returns"][number];

/** 16 random bytes in base64url, as share_note() makes them; older or longer ones still pass. */
const SLUG = /^[A-Za-z0-9_-]{16,64}$/;

export function isShareSlug(slug: string): boolean {
  return SLUG.test(slug);
}

let visitorClientOnce: SupabaseClient<Database> | null = null;

/**
 * A client with the publishable key and no session, as any visitor holding a link has: one per
 * process, since it carries nothing of anyone (no cookie, no token, no stored session).
 */
function visitorClient(): SupabaseClient<Database> {
  if (!visitorClientOnce) {
    const { url, publishableKey } = supabaseEnv();
    visitorClientOnce = createClient<Database>(url, publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  }
  return visitorClientOnce;
}

/**
 * A shared note by its slug, read as a visitor (publishable key, no session) whoever asks, so the
 * page shows exactly what anyone holding the link sees. Null for a wrong or revoked slug.
 */
export const getSharedNote = cache(async (slug: string): Promise<SharedNote | null> => {
  if (!isShareSlug(slug)) return null;
  const visitor = visitorClient();
  const { data, error } = await visitor.rpc("shared_note", { slug });
  if (error) throw new Error(`Reading a shared note failed: ${error.message}`);
  return data[0] ?? null;
});

/**
 * A shared note's page: the note, and its `[[links]]` that lead to notes shared too (their slugs,
 * by lower-case title), in one call. Read as a visitor, as the note is; a link to a note that is
 * not shared is not named. Null for a wrong or revoked slug.
 */
export const getSharedNotePage = cache(
  async (slug: string): Promise<{ note: SharedNote; links: Record<string, string> } | null> => {
    if (!isShareSlug(slug)) return null;
    const visitor = visitorClient();
    const { data, error } = await visitor.rpc("shared_note_page", { slug });
    if (error) throw new Error(`Reading a shared note failed: ${error.message}`);
    const row = data[0];
    if (!row) return null;
    const { links, ...note } = row;
    return { note, links: linksByTitle(links) };
  },
);

/** The page's links as the markdown looks them up; anything not a link row is left out. */
function linksByTitle(rows: unknown): Record<string, string> {
  const links: Record<string, string> = {};
  if (!Array.isArray(rows)) return links;
  for (const row of rows) {
    const { title, target_slug } = (row ?? {}) as { title?: unknown; target_slug?: unknown };
    if (typeof title === "string" && typeof target_slug === "string") {
      links[title.toLowerCase()] = target_slug;
    }
  }
  return links;
}

/** Only the start of a body can make a preview; nothing past it is read. */
const PREVIEW_SOURCE_CHARS = 4_000;

/**
 * `[label](url)` and `![label](url)` as their label, in one pass. A backtracking pattern took
 * seconds on a page of unclosed `[`; here every search starts where the last one ended.
 */
function dropLinkTargets(text: string): string {
  const closeAfter = forwardFinder(text, "]");
  const parenAfter = forwardFinder(text, ")");
  let out = "";
  let at = 0;
  for (let i = text.indexOf("["); i !== -1; i = text.indexOf("[", i + 1)) {
    if (i < at) continue;
    const close = closeAfter(i + 1);
    if (close === -1) break;
    if (text[close + 1] !== "(") continue;
    const paren = parenAfter(close + 2);
    if (paren === -1) break;
    const start = i - 1 >= at && text[i - 1] === "!" ? i - 1 : i;
    out += text.slice(at, start) + text.slice(i + 1, close);
    at = paren + 1;
  }
  return out + text.slice(at);
}

/** A short plain-text description for link previews: Markdown marks dropped, cut at a word. */
export function describeForPreview(body: string, max = 160): string {
  const plain = dropLinkTargets(body.slice(0, PREVIEW_SOURCE_CHARS))
    .replace(/[#>*_`~-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20))}…`;
}
