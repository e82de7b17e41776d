"use client";

import { useEffect } from "react";

/**
 * Registers the service worker (production builds only; `next dev` has none) once the page has
 * loaded and the browser is idle, its code fetched then, so it is in no page's first load and
 * never competes with it: an installed app opening a note builds the editor first.
 */
export function ServiceWorker() {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    let cancel = () => {};
    const start = () =>
      void import("@/lib/pwa/register").then((m) => m.registerServiceWorker()).catch(() => {});
    const whenIdle = () => {
      if (typeof requestIdleCallback === "function") {
        const id = requestIdleCallback(start, { timeout: 2_000 });
        cancel = () => cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(start, 200);
        cancel = () => window.clearTimeout(id);
      }
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
    return () => {
      window.removeEventListener("load", whenIdle);
      cancel();
    };
  }, []);
  return null;
}
