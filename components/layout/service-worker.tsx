"use client";

import { useEffect } from "react";
import { toast } from "sonner";

import { SKIP_WAITING } from "@/lib/pwa/offline-shell";

/**
 * Registers the service worker (production builds only; `next dev` has none), once the page has
 * loaded, so it never competes with the first paint. A version that arrived during an earlier visit
 * takes over as a page opens, never while someone types, and says so quietly.
 */
export function ServiceWorker() {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    const workers = navigator.serviceWorker;
    const hadController = workers.controller !== null;
    let told = false;
    const onChange = () => {
      if (!hadController || told) return;
      told = true;
      toast("Updated", { description: "Groundwork is on its newest version." });
    };
    workers.addEventListener("controllerchange", onChange);
    const register = () => {
      workers
        .register("/sw.js", { scope: "/" })
        .then((registration) => registration.waiting?.postMessage({ type: SKIP_WAITING }))
        .catch(() => {}); // No worker (private window, storage refused): the app works online.
    };
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
    return () => {
      workers.removeEventListener("controllerchange", onChange);
      window.removeEventListener("load", register);
    };
  }, []);
  return null;
}
