import "server-only";

import { cache } from "react";
import { createClient } from "@supabase/supabase-js";

import { supabaseEnv } from "@/lib/supabase/env";
import type { Database } from "@/lib/supabase/database.types";

/** What a visitor may see of a shared note: the fields shared_note() returns, nothing more. */
export type SharedNote = Database["public"]["Functions"]["shared_note"]["Returns"][number];

/** 16 random bytes in base64url, as share_note() makes them; older or longer ones still pass. */
const SLUG = /^[A-Za-z0-9_-]{16,64}$/;

export function isShareSlug(slug: string): boolean {
  return SLUG.test(slug);
}

/**
 * A shared note by its slug, read as a visitor (publishable key, no session) whoever asks, so the
 * page shows exactly what anyone holding the link sees. Null for a wrong or revoked slug.
 */
export const getSharedNote = cache(async (slug: string): Promise<SharedNote | null> => {
  if (!isShareSlug(slug)) return null;
  const { url, publishableKey } = supabaseEnv();
  const visitor = createClient<Database>(url, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { data, error } = await visitor.rpc("shared_note", { slug });
  if (error) throw new Error(`Reading a shared note failed: ${error.message}`);
  return data[0] ?? null;
});

/** A short plain-text description for link previews: Markdown marks dropped, cut at a word. */
export function describeForPreview(body: string, max = 160): string {
  const plain = body
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`~-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20))}…`;
}
