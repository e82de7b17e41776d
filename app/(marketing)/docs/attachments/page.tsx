import type { Metadata } from "next";

import { PageHeader, Prose } from "@/components/marketing/page-header";

export const metadata: Metadata = { title: "Attachments" };

export default function AttachmentsPage() {
  return (
    <>
      <PageHeader
        title="Attachments"
        lead="Keep the screenshot, the PDF and the photo of the whiteboard right next to your words."
      />
      <Prose>
        <h2>Add a file</h2>
        <p>
          Drag a file onto an open note, or use <strong>Attach</strong>. It uploads in the
          background and appears on your other devices as soon as it is stored.
        </p>
        <h2>Who can open it</h2>
        <p>
          Attachments are stored privately: only you can open them. When a note is shared, visitors
          can view its attachments through signed links that expire after a few minutes, so a copied
          file address stops working on its own.
        </p>
        <h2>Remove a file</h2>
        <p>
          Delete the attachment from the note and it is gone from storage too, for you and for
          anyone reading a shared link.
        </p>
      </Prose>
    </>
  );
}
