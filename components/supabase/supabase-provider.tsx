"use client";

import { useMemo } from "react";

import { useSupabaseConfig } from "@/components/supabase/supabase-config";
import { createClient } from "@/lib/supabase/client";

export { SupabaseProvider, useSupabaseConfig } from "@/components/supabase/supabase-config";

/** The page's browser client (one per page, shared by every component). */
export function useSupabase() {
  const config = useSupabaseConfig();
  return useMemo(() => createClient(config), [config]);
}
