import { displayTitle } from "@/lib/notes/derive";

/**
 * A note's text as plain, readable content, shown until the editor is ready. Drawn from the same
 * text the editor is given, so a page sends the note's words once, not raw and rendered.
 */
export function NotePreview({ title, body }: { title: string; body: string }) {
  return (
    <article className="note-prose" aria-label="Note">
      <h1>{displayTitle(title)}</h1>
      {body.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i} className="whitespace-pre-wrap">
          {paragraph}
        </p>
      ))}
    </article>
  );
}
