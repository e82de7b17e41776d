"use client";

import { useMemo } from "react";
import { useRouter } from "next/navigation";

import "@/components/tags/tags.css";

import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import { supabaseRefsSource } from "@/lib/tags/refs-source";

/** What the editor's tag and link suggestions read and where they go, for this person. */
export function useNoteRefs() {
  // The client library is fetched on the first suggestion, not with the editor.
  const config = useSupabaseConfig();
  const router = useRouter();
  return useMemo(
    () =>
      supabaseRefsSource(
        () => loadSupabase(config),
        (href) => router.push(href),
      ),
    [config, router],
  );
}
