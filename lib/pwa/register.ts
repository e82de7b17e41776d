import { toast } from "sonner";

import { SKIP_WAITING } from "@/lib/pwa/offline-shell";

/**
 * Registers the service worker. A version that arrived during an earlier visit takes over now, as
 * a page opens (never while someone types), and says so quietly.
 */
export function registerServiceWorker(): void {
  const workers = navigator.serviceWorker;
  const hadController = workers.controller !== null;
  let told = false;
  workers.addEventListener("controllerchange", () => {
    if (!hadController || told) return;
    told = true;
    toast("Updated", { description: "Groundwork is on its newest version." });
  });
  workers
    .register("/sw.js", { scope: "/" })
    .then((registration) => registration.waiting?.postMessage({ type: SKIP_WAITING }))
    .catch(() => {}); // No worker (private window, storage refused): the app works online.
}
