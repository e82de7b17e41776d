import type { Metadata } from "next";

import { PageHeader, Prose } from "@/components/marketing/page-header";
import { ATTACHMENT_LIMITS_TEXT } from "@/lib/attachments/limits";

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
          Drag a file onto an open note, paste it (a screenshot, say), or use{" "}
          <strong>Attach</strong>. Each file shows its own progress, can be cancelled, and appears
          on your other devices as soon as it is stored. If the connection drops, the upload waits
          and continues where it stopped once you are back online.
        </p>
        <p>{ATTACHMENT_LIMITS_TEXT}</p>
        <h2>Who can open it</h2>
        <p>
          Attachments are stored privately: only you can open them. When a note is shared, visitors
          can view its attachments through signed links that expire after a few minutes, so a copied
          file address stops working on its own.
        </p>
        <h2>Remove a file</h2>
        <p>
          Delete the attachment from the note and, a minute later, it is gone from storage too, for
          you and for anyone reading a shared link. The minute is there so an undo can bring it
          back. Deleting a note forever removes all of its files.
        </p>
      </Prose>
    </>
  );
}
