import type { Metadata } from "next";

import "@/components/notes/note-prose.css";

import { OfflineNotes } from "@/components/notes/offline-notes";

export const metadata: Metadata = { title: "Notes", robots: { index: false } };

/**
 * The app shell the service worker keeps, fetched without cookies: nothing in it is anyone's. It
 * stands in for /notes and /notes/<id> when the network cannot be reached, and draws the person's
 * notes from this device's IndexedDB copy.
 */
export default function OfflinePage() {
  return <OfflineNotes />;
}
