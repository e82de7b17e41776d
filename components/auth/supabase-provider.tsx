"use client";

import { createContext, use, useMemo } from "react";

import { createClient } from "@/lib/supabase/client";
import type { PublicSupabaseConfig } from "@/lib/supabase/env";

const ConfigContext = createContext<PublicSupabaseConfig | null>(null);

/** The server hands the browser its Supabase URL and publishable key at run time. */
export function SupabaseProvider({
  config,
  children,
}: {
  config: PublicSupabaseConfig;
  children: React.ReactNode;
}) {
  return <ConfigContext value={config}>{children}</ConfigContext>;
}

/** The URL and publishable key, for the few calls that go around the client (streamed bodies). */
export function useSupabaseConfig(): PublicSupabaseConfig {
  const config = use(ConfigContext);
  if (!config) throw new Error("useSupabaseConfig needs a <SupabaseProvider> above it");
  return config;
}

/** The page's browser client (one per page, shared by every component). */
export function useSupabase() {
  const config = useSupabaseConfig();
  return useMemo(() => createClient(config), [config]);
}
