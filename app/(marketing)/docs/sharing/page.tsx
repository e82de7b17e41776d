import type { Metadata } from "next";

import { PageHeader, Prose } from "@/components/marketing/page-header";

export const metadata: Metadata = { title: "Sharing notes" };

export default function SharingPage() {
  return (
    <>
      <PageHeader
        title="Sharing notes"
        lead="Give anyone read access to one note through a link, and take it back whenever you like."
      />
      <Prose>
        <h2>Publish a note</h2>
        <p>
          Open the note and turn on <strong>Public link</strong>. Groundwork creates a short,
          unguessable address for it. Anyone with the link can read the note — no account needed —
          but cannot change it.
        </p>
        <h2>What visitors see</h2>
        <ul>
          <li>The note&apos;s title and text, updated live as you keep editing.</li>
          <li>Its attachments, through links that expire after a short time.</li>
          <li>Nothing else: your other notes and your account stay private.</li>
        </ul>
        <h2>Stop sharing</h2>
        <p>
          Turn <strong>Public link</strong> off. The address stops working immediately. Turning it
          on again creates a new address, so an old link never comes back to life.
        </p>
      </Prose>
    </>
  );
}
