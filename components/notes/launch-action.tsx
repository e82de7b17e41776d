"use client";

import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { newNote } from "@/lib/notes/new-note";
import { shareIntoNote } from "@/lib/share-target/actions";
import { keepShare, shareProblemMessage, takeKeptShare } from "@/lib/share-target/pending";

/**
 * The installed app's shortcuts open /notes?action=new or ?action=search, and a share kept through
 * signing in opens ?action=share (app/share/route.ts): this carries the action out once, then
 * takes it off the address so a reload does not make a second note. A share that made no note
 * comes with ?share-error=…, said once the same way. A share with files, kept on the device by
 * the service worker, comes as ?action=share&shared=<id>; its code loads only then.
 */
export function LaunchAction() {
  const done = useRef(false);
  const router = useRouter();
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const url = new URL(window.location.href);
    const action = url.searchParams.get("action");
    const kept = url.searchParams.get("shared");
    const shareProblem = shareProblemMessage(url.searchParams.get("share-error"));
    claimLeftOverShares(action === "share" ? kept : null, (noteId) =>
      router.push(`/notes/${noteId}`),
    );
    if (!action && !url.searchParams.has("share-error")) return;
    url.searchParams.delete("action");
    url.searchParams.delete("share-error");
    url.searchParams.delete("shared");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    if (shareProblem) toast.error(shareProblem);
    if (action === "search") focusSearchSoon();
    if (action === "new") {
      void newNote(null).then((result) => {
        if (result?.error) toast.error(result.error);
      });
    }
    if (action === "share" && kept) {
      void claimKeptShare(kept, (noteId) => router.push(`/notes/${noteId}`));
    } else if (action === "share") {
      const shared = takeKeptShare(window.sessionStorage);
      if (!shared) return;
      void shareIntoNote(shared).then((result) => {
        if (!result?.error) return;
        keepShare(window.sessionStorage, shared);
        toast.error(result.error);
      });
    }
  }, [router]);
  return null;
}

/**
 * Puts the caret in the notes search once the field is there to take it: the list's pane may draw
 * it, or draw it again, just after the page starts. Keeps at it for a second, and stops as soon as
 * focus is somewhere other than the page itself (the person chose where).
 */
function focusSearchSoon(): void {
  const until = performance.now() + 1_000;
  const step = () => {
    const field = document.getElementById("note-search");
    const active = document.activeElement;
    if (active && active !== document.body && active !== field) return;
    if (field && active !== field) field.focus();
    if (performance.now() < until) requestAnimationFrame(step);
  };
  step();
}

/**
 * Shares left on this device by a claim that failed before its tab was closed: each is made a
 * note now (one at a time, opening the last). The device keeps nothing shared only when someone
 * shared files into the app, so its code loads only when such a store exists.
 */
function claimLeftOverShares(except: string | null, open: (noteId: string) => void): void {
  if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return;
  void indexedDB
    .databases()
    .then(async (all) => {
      if (!all.some((db) => db.name === "groundwork:shared")) return;
      const claim = await import("@/lib/share-target/claim");
      for (const id of await claim.leftOverShares(except)) await claimKeptShare(id, open, false);
    })
    .catch(() => undefined);
}

/** Makes the note of a share kept on this device, says what was not taken, and opens the note. */
async function claimKeptShare(
  id: string,
  open: (noteId: string) => void,
  sayGone = true,
): Promise<void> {
  const claim = await import("@/lib/share-target/claim").catch(() => null);
  if (!claim) {
    toast.error("What you shared could not be opened. Reload the page to try again.");
    return;
  }
  const result = await claim.claimShare(id);
  if ("busy" in result) return;
  if (!sayGone && "error" in result && result.error === claim.SHARE_GONE) return;
  if ("offline" in result) {
    toast(claim.SHARE_WAITS_OFFLINE);
    window.addEventListener("online", () => void claimKeptShare(id, open), { once: true });
    return;
  }
  for (const refusal of result.refused) toast.error(refusal);
  if ("error" in result) {
    const again = { label: "Try again", onClick: () => void claimKeptShare(id, open) };
    toast.error(result.error, result.retry ? { action: again } : undefined);
    return;
  }
  if (result.noteId) open(result.noteId);
}
