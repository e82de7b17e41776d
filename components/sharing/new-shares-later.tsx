"use client";

import dynamic from "next/dynamic";

import { importWhenOnline } from "@/lib/when-online";

/**
 * The listener for shares and mentions, loaded after the first screen: it renders nothing, and
 * catches up on what came meanwhile once its changes flow.
 */
export const NewSharesListener = dynamic(
  () =>
    importWhenOnline(() => import("@/components/sharing/use-new-shares")).then(
      (m) => m.NewSharesListener,
    ),
  { ssr: false },
);
