"use client";

import { useEffect } from "react";

/**
 * Registers the service worker (production builds only; `next dev` has none) once the page has
 * loaded, its code fetched then, so it is in no page's first load and never competes with it.
 */
export function ServiceWorker() {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    const start = () =>
      void import("@/lib/pwa/register").then((m) => m.registerServiceWorker()).catch(() => {});
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => window.removeEventListener("load", start);
  }, []);
  return null;
}
