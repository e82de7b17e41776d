"use client";

import { createContext, use, useEffect, useState } from "react";

import { NETWORK_ERROR_MESSAGE } from "@/lib/auth/error-messages";
import type { PublicSupabaseConfig } from "@/lib/supabase/env";

const ConfigContext = createContext<PublicSupabaseConfig | null>(null);

/**
 * The server hands the browser its Supabase URL and publishable key at run time. This module does
 * not load the client library itself, so every page can carry the provider for free.
 */
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

/**
 * The page's browser client, fetched with the library on first use: for controls that need it
 * only once someone acts (signing out from the header's menu). When the library cannot be fetched
 * (offline, or a deploy replaced it), it fails with a sentence a person can read.
 */
export async function loadSupabase(config: PublicSupabaseConfig) {
  const { createClient } = await import("@/lib/supabase/client").catch(() => {
    throw new Error(NETWORK_ERROR_MESSAGE);
  });
  return createClient(config);
}

type BrowserClient = Awaited<ReturnType<typeof loadSupabase>>;

/**
 * The page's browser client once the library has loaded, fetched after the page is shown; null
 * until then, and for good when it cannot be fetched. For what keeps a page current (live lists),
 * which the server-rendered page does not wait for. With `when` false it is not fetched yet (the
 * offline shell needs it only once the network is back).
 */
export function useLoadedSupabase(when = true): BrowserClient | null {
  const config = useSupabaseConfig();
  const [client, setClient] = useState<BrowserClient | null>(null);
  useEffect(() => {
    if (!when) return;
    let live = true;
    loadSupabase(config).then(
      (loaded) => {
        if (live) setClient(loaded);
      },
      () => {}, // The page stays as served; a reload starts over.
    );
    return () => {
      live = false;
    };
  }, [config, when]);
  return client;
}
