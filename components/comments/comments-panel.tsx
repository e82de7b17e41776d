"use client";

import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { XIcon } from "lucide-react";

import { initialsOf } from "@/components/account/avatar";
import { useSupabaseConfig } from "@/components/supabase/supabase-config";
import { Button } from "@/components/ui/button";
import type { CommentAnchor } from "@/lib/comments/anchor";
import {
  activeMention,
  insertMention,
  mentionsKept,
  currentMentionSegments,
  peopleMatching,
  type ActiveMention,
  type Mentionable,
  type Segment,
} from "@/lib/comments/mentions";
import {
  COMMENT_MAX,
  type CommentResult,
  type CommentRow,
  type Thread,
} from "@/lib/comments/threads";
import type { NotePeople, NotePerson } from "@/lib/notes/note-people";
import { colorFor } from "@/lib/notes/presence";
import { avatarUrl } from "@/lib/profile/session-profile";
import { cn } from "@/lib/utils";

/** A comment being written on the selected text. */
export type Draft = { anchor: CommentAnchor; quote: string };

export type CommentActions = {
  start: (draft: Draft, body: string, mentions: string[]) => Promise<CommentResult>;
  reply: (rootId: string, body: string, mentions: string[]) => Promise<CommentResult>;
  edit: (id: string, body: string, mentions: string[]) => Promise<CommentResult>;
  remove: (id: string) => Promise<CommentResult>;
  resolve: (rootId: string, resolved: boolean) => Promise<CommentResult>;
  select: (thread: Thread) => void;
};

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  threads: Thread[] | null;
  people: NotePeople;
  userId: string;
  canComment: boolean;
  draft: Draft | null;
  onDraftDone: () => void;
  actions: CommentActions;
};

/** A comment author's face, in pixels. */
const FACE = 24;

const WIDE = "(min-width: 1280px)";
const subscribeWide = (cb: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", cb);
  return () => query.removeEventListener("change", cb);
};

/**
 * The note's comments: beside the note on wide screens, a sheet from the bottom on phones. Threads
 * in the order of their text in the note; a thread whose text was deleted says so and keeps its
 * quote.
 */
export function CommentsPanel(props: Props) {
  const wide = useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
  // Beside the note, the note's column makes room for the panel.
  const beside = props.open && wide;
  useEffect(() => {
    if (!beside) return;
    document.documentElement.setAttribute("data-comments-beside", "");
    return () => document.documentElement.removeAttribute("data-comments-beside");
  }, [beside]);
  if (!props.open) return null;
  if (wide)
    return (
      <aside
        aria-labelledby="comments-heading"
        className="fixed top-32 right-4 bottom-4 z-20 flex w-80 flex-col rounded-lg border bg-background shadow-[var(--shadow-raised)]"
      >
        <PanelBody {...props} />
      </aside>
    );
  return (
    <DialogPrimitive.Root open onOpenChange={props.onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85vh] flex-col rounded-t-xl border bg-background outline-none"
        >
          <PanelBody {...props} sheet />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function PanelBody({
  onOpenChange,
  threads,
  people,
  userId,
  canComment,
  draft,
  onDraftDone,
  actions,
  sheet = false,
}: Props & { sheet?: boolean }) {
  const Title = sheet ? DialogPrimitive.Title : "h2";
  return (
    <>
      <div className="flex items-center justify-between border-b px-3 py-2">
        {/* The sheet's title is named by the dialog itself; beside the note, the panel names it. */}
        <Title {...(sheet ? {} : { id: "comments-heading" })} className="text-sm font-semibold">
          Comments
        </Title>
        <button
          type="button"
          aria-label="Close comments"
          onClick={() => onOpenChange(false)}
          className="rounded-md p-1 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <XIcon aria-hidden="true" className="size-4" />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto p-3">
        {draft && canComment && (
          <div className="mb-3 rounded-md border p-2">
            <Quote text={draft.quote} />
            <Composer
              label="Comment"
              submit="Comment"
              autoFocus
              people={people}
              userId={userId}
              onCancel={onDraftDone}
              onSubmit={async (body, mentions) => {
                const done = await actions.start(draft, body, mentions);
                if (done.ok) onDraftDone();
                return done;
              }}
            />
          </div>
        )}
        {threads === null ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading comments…
          </p>
        ) : threads.length === 0 ? (
          !draft && (
            <p className="text-sm text-muted-foreground">
              No comments yet.
              {canComment && " Select some text and choose Comment to start one."}
            </p>
          )
        ) : (
          <ul aria-label="Comment threads" className="flex flex-col gap-3">
            {threads.map((t) => (
              <ThreadItem
                key={t.root.id}
                thread={t}
                people={people}
                userId={userId}
                canComment={canComment}
                actions={actions}
              />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function Quote({ text, deleted = false }: { text: string; deleted?: boolean }) {
  return (
    <blockquote
      className={cn(
        "mb-2 line-clamp-3 border-l-2 border-amber-500 pl-2 text-xs text-muted-foreground",
        deleted && "line-through",
      )}
    >
      {text}
    </blockquote>
  );
}

function ThreadItem({
  thread,
  people,
  userId,
  canComment,
  actions,
}: {
  thread: Thread;
  people: NotePeople;
  userId: string;
  canComment: boolean;
  actions: CommentActions;
}) {
  const resolved = thread.root.resolved_at !== null;
  const [replying, setReplying] = useState(false);
  const author = people.get(thread.root.author_id)?.name || "Someone";
  return (
    <li
      aria-label={`Thread by ${author}${resolved ? ", resolved" : ""}`}
      data-thread={thread.root.id}
      className={cn("rounded-md border p-2", resolved && "border-dashed")}
    >
      <button
        type="button"
        onClick={() => actions.select(thread)}
        disabled={thread.at.deleted}
        className="block w-full rounded-sm text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        aria-label={thread.at.deleted ? undefined : `Show the commented text: ${thread.root.quote}`}
      >
        {thread.at.deleted && (
          <span className="mb-1 block text-xs font-medium text-muted-foreground">
            On deleted text
          </span>
        )}
        <Quote text={thread.root.quote ?? ""} deleted={thread.at.deleted} />
      </button>
      {resolved && <p className="mb-1 text-xs font-medium text-muted-foreground">Resolved</p>}
      <ol className="flex flex-col gap-2">
        {[thread.root, ...thread.replies].map((c) => (
          <CommentItem key={c.id} comment={c} people={people} userId={userId} actions={actions} />
        ))}
      </ol>
      {canComment && (
        <div className="mt-2 flex flex-wrap gap-1">
          {!replying && (
            <Button size="sm" variant="ghost" onClick={() => setReplying(true)}>
              Reply
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void actions.resolve(thread.root.id, !resolved)}
          >
            {resolved ? "Reopen" : "Resolve"}
          </Button>
        </div>
      )}
      {replying && (
        <Composer
          label="Reply"
          submit="Reply"
          autoFocus
          people={people}
          userId={userId}
          onCancel={() => setReplying(false)}
          onSubmit={async (body, mentions) => {
            const done = await actions.reply(thread.root.id, body, mentions);
            if (done.ok) setReplying(false);
            return done;
          }}
        />
      )}
    </li>
  );
}

function CommentItem({
  comment,
  people,
  userId,
  actions,
}: {
  comment: CommentRow;
  people: NotePeople;
  userId: string;
  actions: CommentActions;
}) {
  const [editing, setEditing] = useState(false);
  const author = people.get(comment.author_id);
  const name = author?.name || "Someone";
  const mine = comment.author_id === userId;
  return (
    <li className="flex gap-2">
      <Face person={author} userId={comment.author_id} name={name} data-author-face />
      <div className="min-w-0 flex-1">
        <p className="text-xs">
          <span className="font-semibold">{name}</span>{" "}
          <time dateTime={comment.created_at} className="text-muted-foreground">
            {new Date(comment.created_at).toLocaleString(undefined, {
              dateStyle: "medium",
              timeStyle: "short",
            })}
          </time>
          {comment.edited_at && <span className="text-muted-foreground"> (edited)</span>}
        </p>
        {editing ? (
          <Composer
            label="Edit comment"
            submit="Save"
            initial={shownSegments(comment, people)
              .map((s) => s.text)
              .join("")}
            initialMentions={comment.mentions}
            autoFocus
            people={people}
            userId={userId}
            onCancel={() => setEditing(false)}
            onSubmit={async (body, mentions) => {
              const done = await actions.edit(comment.id, body, mentions);
              if (done.ok) setEditing(false);
              return done;
            }}
          />
        ) : (
          <CommentText segments={shownSegments(comment, people)} />
        )}
        {mine && !editing && (
          <div className="flex gap-1">
            <Button
              size="sm"
              variant="link"
              className="h-6 px-0"
              aria-label={`Edit your comment: ${comment.body.slice(0, 40)}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="link"
              className="h-6 px-1"
              aria-label={`Delete your comment: ${comment.body.slice(0, 40)}`}
              onClick={() => void actions.remove(comment.id)}
            >
              Delete
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

/** A person's face: their picture, or their initials, ringed in their colour. */
function Face({
  person,
  userId,
  name,
  "data-author-face": authorFace,
}: {
  person: NotePerson | undefined;
  userId: string;
  name: string;
  "data-author-face"?: boolean;
}) {
  const { url } = useSupabaseConfig();
  return (
    <span
      aria-hidden="true"
      // The person's colour as a ring: the initials stay readable in both themes.
      style={{ borderColor: colorFor(userId) }}
      className="flex size-6 shrink-0 items-center justify-center overflow-hidden rounded-full border-2 bg-background text-[10px] font-semibold text-foreground"
      data-author-face={authorFace ? (person?.avatarPath ? "picture" : "initials") : undefined}
    >
      {person?.avatarPath ? (
        // A Storage rendition at the right size; next/image would only resize it again.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={avatarUrl(url, person.avatarPath, FACE)}
          alt=""
          width={FACE}
          height={FACE}
          className="size-full object-cover"
        />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}

/** The people a comment names, by the names they have now. */
/** The comment's text as shown now: each mention by the person's current name. */
function shownSegments(comment: CommentRow, people: NotePeople) {
  return currentMentionSegments(
    comment.body,
    comment.mentions,
    comment.mention_names,
    (id) => people.get(id)?.name || undefined,
  );
}

/** A comment's text, each @mention of a person highlighted. */
function CommentText({ segments }: { segments: readonly Segment[] }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {segments.map((segment, i) =>
        segment.mention ? (
          <mark
            key={i}
            data-mention={segment.mention}
            className="rounded-sm bg-primary/10 px-0.5 font-medium text-primary"
          >
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </p>
  );
}

function Composer({
  label,
  submit,
  initial = "",
  initialMentions = [],
  autoFocus = false,
  people,
  userId,
  onSubmit,
  onCancel,
}: {
  label: string;
  submit: string;
  initial?: string;
  initialMentions?: readonly string[];
  autoFocus?: boolean;
  people: NotePeople;
  userId: string;
  onSubmit: (body: string, mentions: string[]) => Promise<CommentResult>;
  onCancel: () => void;
}) {
  const [body, setBody] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The people picked from the list (and, when editing, those the comment named already).
  const [chosen, setChosen] = useState<Mentionable[]>(() =>
    initialMentions.flatMap((id) => {
      const name = people.get(id)?.name;
      return name ? [{ userId: id, name }] : [];
    }),
  );
  const [typing, setTyping] = useState<ActiveMention | null>(null);
  const [active, setActive] = useState(0);
  const field = useRef<HTMLTextAreaElement>(null);
  const caretAfter = useRef<number | null>(null);
  const errorId = useId();
  const listId = useId();
  const offered = typing ? peopleMatching(people.values(), typing.query, userId) : [];
  const open = offered.length > 0;
  const current = open ? Math.min(active, offered.length - 1) : -1;

  useEffect(() => {
    // The caret goes after a picked name once the new text is in the field.
    if (caretAfter.current === null || !field.current) return;
    field.current.setSelectionRange(caretAfter.current, caretAfter.current);
    caretAfter.current = null;
  }, [body]);

  const follow = (text: string, caret: number | null) => {
    const next = caret === null ? null : activeMention(text, caret);
    setTyping(next);
    if (next?.query !== typing?.query || next?.start !== typing?.start) setActive(0);
  };

  const pick = (person: Mentionable) => {
    const el = field.current;
    if (!typing || !el) return;
    const next = insertMention(body, typing, el.selectionStart, person.name);
    caretAfter.current = next.caret;
    setBody(next.text);
    setChosen((c) => (c.some((p) => p.userId === person.userId) ? c : [...c, person]));
    setTyping(null);
    setError(null);
  };

  const send = async () => {
    if (!body.trim() || busy) return;
    setBusy(true);
    const done = await onSubmit(body, mentionsKept(body, chosen));
    setBusy(false);
    if (!done.ok) setError(done.message);
  };
  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <form
      className="relative mt-2 flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <textarea
        ref={field}
        aria-label={label}
        aria-describedby={error ? errorId : undefined}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(current) : undefined}
        autoFocus={autoFocus}
        value={body}
        maxLength={COMMENT_MAX}
        rows={2}
        onChange={(event) => {
          setBody(event.target.value);
          setError(null);
          follow(event.target.value, event.target.selectionStart);
        }}
        onSelect={(event) => follow(body, event.currentTarget.selectionStart)}
        onBlur={() => setTyping(null)}
        onKeyDown={(event) => {
          if (open) {
            if (event.key === "ArrowDown" || event.key === "ArrowUp") {
              event.preventDefault();
              const step = event.key === "ArrowDown" ? 1 : -1;
              setActive((current + step + offered.length) % offered.length);
              return;
            }
            if (
              (event.key === "Enter" && !event.metaKey && !event.ctrlKey) ||
              event.key === "Tab"
            ) {
              event.preventDefault();
              pick(offered[current]);
              return;
            }
            if (event.key === "Escape") {
              // Closes the list only: the comment being written stays open.
              event.preventDefault();
              event.stopPropagation();
              setTyping(null);
              return;
            }
          }
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            void send();
          } else if (event.key === "Escape") {
            event.preventDefault();
            event.stopPropagation();
            onCancel();
          }
        }}
        className="w-full resize-y rounded-md border bg-background p-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label="People to mention"
          className="absolute top-full right-0 left-0 z-30 mt-1 flex flex-col rounded-md border bg-popover p-1 text-sm text-popover-foreground shadow-[var(--shadow-raised)]"
        >
          {offered.map((person, i) => (
            <li
              key={person.userId}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              // The caret stays in the comment while a name is clicked.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(person);
              }}
              onMouseEnter={() => setActive(i)}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1",
                i === current && "bg-accent text-accent-foreground",
              )}
            >
              <Face person={people.get(person.userId)} userId={person.userId} name={person.name} />
              <span className="truncate">{person.name}</span>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-1">
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={!body.trim() || busy}>
          {submit}
        </Button>
      </div>
    </form>
  );
}
