import type { Metadata } from "next";

import { CopyButton } from "@/components/copy-button";
import { PageHeader, Prose } from "@/components/marketing/page-header";

export const metadata: Metadata = { title: "Getting started" };

const runLocally = "npm ci && npm run dev";

export default function GettingStartedPage() {
  return (
    <>
      <PageHeader
        title="Getting started"
        lead="From a new account to your first note on two devices in a couple of minutes."
      />
      <Prose>
        <h2>1. Create your account</h2>
        <p>
          Use <strong>Sign in</strong> at the top of any page. You stay on the page you were
          reading; after signing in you land right back there.
        </p>
        <h2>2. Write a note</h2>
        <p>
          Give it a title and start typing. There is no save button: every change is stored as you
          write.
        </p>
        <h2>3. Open it somewhere else</h2>
        <p>
          Sign in on your phone or a second browser. The note is already there, and edits on one
          device show up on the other while you watch.
        </p>
        <h2>Run Groundwork on your own machine</h2>
        <p>
          With Node.js 20 installed, one command in a fresh checkout starts the app together with
          its bundled local backend:
        </p>
      </Prose>
      <div className="mt-4 flex max-w-2xl flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted px-4 py-3">
        <code className="font-mono text-sm">{runLocally}</code>
        <CopyButton value={runLocally} successMessage="Command copied" size="sm" variant="outline">
          Copy command
        </CopyButton>
      </div>
    </>
  );
}
