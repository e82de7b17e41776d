"use client";

import { useEffect, useRef } from "react";
import { toast } from "sonner";

import { newNote } from "@/lib/notes/new-note";
import { shareIntoNote } from "@/lib/share-target/actions";
import { keepShare, shareProblemMessage, takeKeptShare } from "@/lib/share-target/pending";

/**
 * The installed app's shortcuts open /notes?action=new or ?action=search, and a share kept through
 * signing in opens ?action=share (app/share/route.ts): this carries the action out once, then
 * takes it off the address so a reload does not make a second note. A share that made no note
 * comes with ?share-error=…, said once the same way.
 */
export function LaunchAction() {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const url = new URL(window.location.href);
    const action = url.searchParams.get("action");
    const shareProblem = shareProblemMessage(url.searchParams.get("share-error"));
    if (!action && !url.searchParams.has("share-error")) return;
    url.searchParams.delete("action");
    url.searchParams.delete("share-error");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    if (shareProblem) toast.error(shareProblem);
    if (action === "search") document.getElementById("note-search")?.focus();
    if (action === "new") {
      void newNote(null).then((result) => {
        if (result?.error) toast.error(result.error);
      });
    }
    if (action === "share") {
      const shared = takeKeptShare(window.sessionStorage);
      if (!shared) return;
      void shareIntoNote(shared).then((result) => {
        if (!result?.error) return;
        keepShare(window.sessionStorage, shared);
        toast.error(result.error);
      });
    }
  }, []);
  return null;
}
