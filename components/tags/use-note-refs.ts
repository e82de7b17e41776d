"use client";

import { useMemo } from "react";
import { useRouter } from "next/navigation";

import "@/components/tags/tags.css";

import { useSupabase } from "@/components/supabase/supabase-provider";
import { supabaseRefsSource } from "@/lib/tags/refs-source";

/** What the editor's tag and link suggestions read and where they go, for this person. */
export function useNoteRefs() {
  const supabase = useSupabase();
  const router = useRouter();
  return useMemo(
    () => supabaseRefsSource(supabase, (href) => router.push(href)),
    [supabase, router],
  );
}
