"use client";

import dynamic from "next/dynamic";

import { importWhenOnline } from "@/lib/when-online";

/*
 * Parts of every page that render nothing and only start working once the page is interactive:
 * they load after hydration, with the Supabase client library they need, instead of in every
 * page's first download.
 */

export const DeferredAuthListener = dynamic(
  () =>
    importWhenOnline(() => import("@/components/auth/auth-listener")).then(
      (module) => module.AuthListener,
    ),
  { ssr: false },
);

export const DeferredProfileSync = dynamic(
  () =>
    importWhenOnline(() => import("@/components/account/profile-sync")).then(
      (module) => module.ProfileSync,
    ),
  { ssr: false },
);
