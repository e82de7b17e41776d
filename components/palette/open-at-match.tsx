"use client";

import { useEffect } from "react";
import { usePathname } from "next/navigation";

import { firstMatch, searchTerms } from "@/lib/search/fold";

/**
 * A note opened from a search result (`/notes/<id>?q=…`) opens at the match: once the editor
 * shows the text, the first match is selected (so the editor knows it too) and scrolled to.
 */
export function OpenAtMatch() {
  const pathname = usePathname();

  useEffect(() => {
    if (!/^\/notes\/[0-9a-f-]{36}$/.test(pathname)) return;
    const q = new URLSearchParams(window.location.search).get("q");
    if (!q) return;
    const terms = searchTerms(q);
    if (terms.length === 0) return;
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      // The editor is in the page, hidden, while it loads the stored state: wait until it shows.
      const found = document.querySelector<HTMLElement>(".ProseMirror[contenteditable]");
      const editor = found && !found.closest("[hidden]") ? found : null;
      const range = editor ? rangeOfFirstMatch(editor, terms) : null;
      if (!range && tries < 100) return;
      clearInterval(timer);
      if (!editor || !range) return;
      editor.focus({ preventScroll: true });
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      (range.startContainer.parentElement ?? editor).scrollIntoView({ block: "center" });
      // The match stays readable without the query in the address.
      const url = new URL(window.location.href);
      url.searchParams.delete("q");
      window.history.replaceState(window.history.state, "", url);
    }, 100);
    return () => clearInterval(timer);
  }, [pathname]);

  return null;
}

/** The first match of any term in the editor's text, within one text node. */
function rangeOfFirstMatch(root: HTMLElement, terms: string[]): Range | null {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? "";
    const match = firstMatch(text, terms);
    if (!match) continue;
    const range = document.createRange();
    range.setStart(node, match[0]);
    range.setEnd(node, match[1]);
    return range;
  }
  return null;
}
