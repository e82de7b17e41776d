"use client";

import dynamic from "next/dynamic";

/**
 * What this device keeps is known only in the browser (its IndexedDB and storage estimate), so the
 * section's code comes after the page is shown rather than with it; until then it says it is
 * counting, as the section itself does until its first read.
 */
export const LazyDeviceNotes = dynamic(
  () => import("@/components/account/device-notes").then((m) => m.DeviceNotes),
  {
    ssr: false,
    loading: () => <p className="min-h-56">Counting the notes kept on this device…</p>,
  },
);
