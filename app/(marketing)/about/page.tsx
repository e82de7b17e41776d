import type { Metadata } from "next";

import { PageHeader, Prose } from "@/components/marketing/page-header";

export const metadata: Metadata = { title: "About" };

export default function AboutPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <PageHeader
        title="About Groundwork"
        lead="A calm place for the notes you keep coming back to."
      />
      <Prose>
        <p>
          Groundwork started from a simple annoyance: a note written on a laptop should already be
          on the phone in your pocket, without a sync button and without a conflict dialog.
        </p>
        <h2>What we care about</h2>
        <ul>
          <li>
            <strong>Your notes are yours.</strong> Access rules live in the database, so a bug in
            the interface cannot show your notes to someone else.
          </li>
          <li>
            <strong>Sharing is deliberate.</strong> A note is public only while you say so, and only
            that one note.
          </li>
          <li>
            <strong>It runs anywhere.</strong> A hosted Supabase project in production, a single
            local process on a laptop for development — no Docker required.
          </li>
        </ul>
        <h2>Accessibility</h2>
        <p>
          Every page works with a keyboard alone, has a light and a dark theme, and is checked with
          automated accessibility scans on each change.
        </p>
      </Prose>
    </div>
  );
}
