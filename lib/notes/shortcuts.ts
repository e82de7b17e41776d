/** Keyboard shortcuts of the notes screens: one list for the handler and the help dialog. */
export type ShortcutAction =
  | "new-note"
  | "search"
  | "palette"
  | "next-note"
  | "previous-note"
  | "help"
  | "list"
  | "history"
  | "comment";

export const SHORTCUTS: { keys: string[]; action: ShortcutAction; label: string }[] = [
  { keys: ["N"], action: "new-note", label: "New note" },
  { keys: ["/"], action: "search", label: "Search notes" },
  {
    keys: ["Ctrl K", "⌘ K"],
    action: "palette",
    label: "Find a note or run a command, on any page, even while writing",
  },
  { keys: ["J", "↓"], action: "next-note", label: "Next note in the list" },
  { keys: ["K", "↑"], action: "previous-note", label: "Previous note in the list" },
  { keys: ["H"], action: "history", label: "History of the open note" },
  // Handled by the editor itself, on the selected text.
  { keys: ["Ctrl Alt M", "⌘ ⌥ M"], action: "comment", label: "Comment on the selected text" },
  { keys: ["Esc"], action: "list", label: "Leave the editor for the list" },
  { keys: ["?"], action: "help", label: "Show these shortcuts" },
];

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Typing in a field or the editor: single-key shortcuts stay out of the way. */
  inField: boolean;
  /** Focus is on a note in the list. */
  inList: boolean;
}

export function shortcutFor(e: KeyInput): ShortcutAction | null {
  if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k") return "palette";
  if (e.key === "Escape" && e.inField) return "list";
  if (e.inField || e.ctrlKey || e.metaKey || e.altKey) return null;
  switch (e.key) {
    case "n":
    case "N":
      return "new-note";
    case "/":
      return "search";
    case "?":
      return "help";
    case "h":
    case "H":
      return "history";
    case "j":
      return "next-note";
    case "k":
      return "previous-note";
    case "ArrowDown":
      return e.inList ? "next-note" : null;
    case "ArrowUp":
      return e.inList ? "previous-note" : null;
    default:
      return null;
  }
}
