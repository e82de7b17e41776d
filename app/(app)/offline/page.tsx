import type { Metadata } from "next";
import { headers } from "next/headers";

import "@/components/notes/note-prose.css";

import { OfflineNotes } from "@/components/notes/offline-notes";
import { SHELL_READS_SCRIPT } from "@/lib/notes/offline/shell-reads";
import { NONCE_HEADER } from "@/lib/security/headers";

export const metadata: Metadata = { title: "Notes", robots: { index: false } };

/**
 * The app shell the service worker keeps, fetched without cookies: nothing in it is anyone's. It
 * stands in for /notes and /notes/<id> when the network cannot be reached, and draws the person's
 * notes from this device's IndexedDB copy. Its inline script starts reading that copy as the HTML
 * is parsed, so the reads are done by the time the shell's code asks for them.
 */
export default async function OfflinePage() {
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <>
      <script
        nonce={nonce}
        // The browser hides a nonce from the page once it has checked it.
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: SHELL_READS_SCRIPT }}
      />
      <OfflineNotes />
    </>
  );
}
