"use client";

import { useEffect, useRef } from "react";
import { toast } from "sonner";

import { createNote } from "@/lib/notes/actions";

/**
 * The installed app's shortcuts open /notes?action=new or ?action=search: this carries the action
 * out once, then takes it off the address so a reload does not make a second note.
 */
export function LaunchAction() {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const url = new URL(window.location.href);
    const action = url.searchParams.get("action");
    if (!action) return;
    url.searchParams.delete("action");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    if (action === "search") document.getElementById("note-search")?.focus();
    if (action === "new") {
      void createNote(null).then((result) => {
        if (result?.error) toast.error(result.error);
      });
    }
  }, []);
  return null;
}
