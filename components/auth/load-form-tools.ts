"use client";

import { loadSupabase } from "@/components/supabase/supabase-config";
import type { PublicSupabaseConfig } from "@/lib/supabase/env";

/**
 * The client library and the input schemas (zod with them), for the forms that check what was
 * typed and then call Supabase from the browser. They load when someone starts on the form
 * (`prepareFormTools` from its onFocus), or at the latest when it is sent; never with the page.
 */
export function loadFormTools(config: PublicSupabaseConfig) {
  return Promise.all([loadSupabase(config), import("@/lib/auth/schemas")]);
}

/** Starts loading early; a failure here is reported when the form is sent. */
export function prepareFormTools(config: PublicSupabaseConfig): void {
  void loadFormTools(config).catch(() => {});
}
