"use client";

import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { usePathname, useRouter } from "next/navigation";
import { useTheme } from "next-themes";
import {
  ArrowRightLeftIcon,
  FileTextIcon,
  FolderIcon,
  HashIcon,
  KeyboardIcon,
  ListIcon,
  PrinterIcon,
  Share2Icon,
  SunMoonIcon,
  UserIcon,
  WifiOffIcon,
} from "lucide-react";
import {
  DownloadIcon,
  HistoryIcon,
  PinIcon,
  PinOffIcon,
  PlusIcon,
  SearchIcon,
  Trash2Icon,
} from "@/components/ui/icons";
import { toast } from "sonner";

import { ShortcutsSheet } from "@/components/palette/shortcuts-sheet";
import { useLoadedSupabase } from "@/components/supabase/supabase-config";
import { useThemeChoice } from "@/components/theme/theme-provider";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { displayTitle } from "@/lib/notes/derive";
import { paletteKey } from "@/lib/palette/keys";
import { snippetParts } from "@/lib/notes/list";
import { fuzzyMatch } from "@/lib/palette/fuzzy";
import { recentNotes, rememberNote } from "@/lib/palette/recent";
import type { CurrentNote, PaletteEnv, PaletteItem } from "@/lib/palette/registry";
import { paletteSources } from "@/lib/palette/sources";
import {
  keepTitles,
  keptTitle,
  loadDeviceTitles,
  refreshDeviceTitles,
  searchDeviceTitles,
  titlesRevision,
} from "@/lib/search/device-titles";
import {
  EDITED_WITHIN,
  filtersFor,
  noteAtMatch,
  searchNotes,
  scopeOf,
  type EditedWithin,
  type SearchScope,
} from "@/lib/search/search";
import { cn } from "@/lib/utils";

const ICONS = {
  note: FileTextIcon,
  plus: PlusIcon,
  pin: PinIcon,
  unpin: PinOffIcon,
  share: Share2Icon,
  trash: Trash2Icon,
  theme: SunMoonIcon,
  account: UserIcon,
  keyboard: KeyboardIcon,
  folder: FolderIcon,
  tag: HashIcon,
  move: ArrowRightLeftIcon,
  list: ListIcon,
  history: HistoryIcon,
  download: DownloadIcon,
  print: PrinterIcon,
} as const;

type Group = { heading: string; items: PaletteItem[] };
type NotesState = "idle" | "searching" | "server" | "device" | "error";

const NOTE_PATH = /^\/notes\/([0-9a-f-]{36})$/;

/** Text with the database's match markers, or fuzzy-matched positions, shown as <mark>. */
function Marked({ text, positions }: { text: string; positions?: number[] }) {
  if (positions && positions.length > 0) {
    const at = new Set(positions);
    const parts: { text: string; match: boolean }[] = [];
    for (let i = 0; i < text.length; i++) {
      const match = at.has(i);
      const last = parts[parts.length - 1];
      if (last && last.match === match) last.text += text[i];
      else parts.push({ text: text[i], match });
    }
    return parts.map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : p.text));
  }
  return snippetParts(text).map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : p.text));
}

/**
 * ⌘K / Ctrl+K on every signed-in page: jump to a note by (fuzzy) title or words in it, or run a
 * command. Recent notes come first; results show marked snippets and open at the match. With the
 * network down, it searches the titles kept on this device. `?` outside a text field opens the
 * shortcuts.
 */
export function CommandPalette({
  userId,
  start,
}: {
  userId: string;
  /** What the key that first asked for the palette opened. */
  start: "palette" | "shortcuts";
}) {
  const [open, setOpen] = useState(start === "palette");
  const [shortcutsOpen, setShortcutsOpen] = useState(start === "shortcuts");
  const [query, setQuery] = useState("");
  const [pinned, setPinned] = useState(false);
  const [attachments, setAttachments] = useState(false);
  const [edited, setEdited] = useState<EditedWithin>("any");
  // The folder or tag the page showed when the palette opened, and whether to search only there.
  const [scope, setScope] = useState<SearchScope | null>(() =>
    scopeOf(window.location.pathname, window.location.search),
  );
  const [inScope, setInScope] = useState(false);
  const [groups, setGroups] = useState<Group[]>([]);
  const [notesState, setNotesState] = useState<NotesState>("idle");
  const [active, setActive] = useState(0);
  const [note, setNote] = useState<CurrentNote | null>(null);
  // Bumped when the titles kept on this device are refreshed, so a query typed meanwhile is
  // matched against them again.
  const [titlesVersion, setTitlesVersion] = useState(0);
  const supabase = useLoadedSupabase();
  const router = useRouter();
  const pathname = usePathname();
  const { resolvedTheme } = useTheme();
  const { setChoice } = useThemeChoice();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const noteId = NOTE_PATH.exec(pathname)?.[1] ?? null;

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const asked = paletteKey(event);
      if (!asked) return;
      event.preventDefault();
      if (asked === "palette") {
        setShortcutsOpen(false);
        setScope(scopeOf(window.location.pathname, window.location.search));
        setOpen((was) => !was);
      } else {
        setOpen(false);
        setShortcutsOpen(true);
      }
    }
    // Capture: the editor must not take Ctrl/Cmd-K first.
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, []);

  // Opening: the open note's state for its commands, and the titles kept for offline search.
  useEffect(() => {
    if (!open || !supabase) return;
    let live = true;
    if (noteId)
      void Promise.resolve(
        supabase.from("notes").select("id, title, pinned").eq("id", noteId).maybeSingle(),
      ).then(({ data }) => {
        if (!live || !data) return;
        setNote(data);
        rememberNote(userId, { id: data.id, title: data.title });
      });
    // Unchanged titles leave the results (and the searches under way) alone.
    const matchAgain = () => live && setTitlesVersion(titlesRevision());
    void loadDeviceTitles(userId).then(matchAgain, () => {});
    if (navigator.onLine) void refreshDeviceTitles(supabase, userId).then(matchAgain, () => {});
    return () => {
      live = false;
    };
  }, [open, supabase, noteId, userId]);

  const shownNote = note && note.id === noteId ? note : null;

  const env = useMemo<PaletteEnv>(
    () => ({
      navigate: (href) => router.push(href),
      note: shownNote,
      dark: resolvedTheme === "dark",
      setTheme: (theme) => setChoice(theme),
      openShortcuts: () => setShortcutsOpen(true),
      notify: (message, options) => {
        if (options?.error) toast.error(message);
        else if (options?.undo)
          toast(message, { action: { label: "Undo", onClick: options.undo } });
        else toast(message);
      },
      copy: (text) => navigator.clipboard.writeText(text),
    }),
    [router, shownNote, resolvedTheme, setChoice],
  );

  // What the palette lists for the query: notes (recent first), then each source's items.
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const text = query.trim();
    const filters = filtersFor({ pinned, attachments, edited, scope: inScope ? scope : null });
    const filtered = Object.keys(filters).length > 0;

    // A note opened by its address is remembered before its title is known: the titles kept on
    // this device name it.
    const recent = recentNotes(userId)
      .map((r) => ({ id: r.id, title: r.title || keptTitle(userId, r.id) || "" }))
      .filter((r) => r.id !== noteId || text !== "")
      .map((r) => ({ r, match: text ? fuzzyMatch(text, r.title) : { score: 0, positions: [] } }))
      .filter((x) => x.match !== null && !filtered);
    const recentItems: PaletteItem[] = recent.map(({ r, match }) => ({
      id: `recent:${r.id}`,
      label: displayTitle(r.title),
      labelPositions: match!.positions,
      icon: "note",
      detail: "Recent",
      perform: (e) => e.navigate(`/notes/${r.id}`),
    }));

    const sourceItems = async (): Promise<Group[]> => {
      const out: Group[] = [];
      for (const source of paletteSources()) {
        const items = await source.items({
          text,
          note: shownNote,
          userId,
          supabase,
          signal: controller.signal,
        });
        const matched =
          source.matches || !text
            ? items
            : items
                .map((item) => ({
                  item,
                  m: [item.label, ...(item.keywords ?? [])]
                    .map((s) => fuzzyMatch(text, s))
                    .reduce<number | null>(
                      (best, m) => (m && (best === null || m.score > best) ? m.score : best),
                      null,
                    ),
                }))
                .filter((x) => x.m !== null)
                .sort((a, b) => b.m! - a.m!)
                .map((x) => x.item);
        if (matched.length > 0) out.push({ heading: source.group, items: matched });
      }
      return out;
    };

    const recentGroup: Group[] =
      recentItems.length > 0
        ? [{ heading: text ? "Recent notes" : "Recent", items: recentItems }]
        : [];

    void (async () => {
      const others = await sourceItems();
      if (controller.signal.aborted) return;
      // The active item was reset when the query changed; results arriving later leave alone an
      // arrow key the person pressed meanwhile.
      setGroups([...recentGroup, ...others]);
      if (!text) {
        setNotesState("idle");
        return;
      }
      setNotesState("searching");
      await new Promise((r) => setTimeout(r, 80));
      if (controller.signal.aborted) return;
      const outcome = await searchNotes(supabase, text, filters, 20);
      if (controller.signal.aborted) return;
      const recentIds = new Set(recent.map((x) => x.r.id));
      let noteItems: PaletteItem[];
      if (outcome.kind === "server") {
        void keepTitles(
          userId,
          outcome.hits.map((h) => ({ id: h.id, title: h.title, updated_at: h.updated_at })),
        ).catch(() => {});
        const serverIds = new Set(outcome.hits.map((h) => h.id));
        // Fuzzy title matches the server's words cannot find ("grdn pln"), from the kept titles.
        const fuzzy = filtered
          ? []
          : searchDeviceTitles(userId, text, 8).filter(
              (t) => !serverIds.has(t.id) && !recentIds.has(t.id),
            );
        noteItems = [
          ...outcome.hits
            .filter((h) => !recentIds.has(h.id))
            .map<PaletteItem>((h) => ({
              id: `note:${h.id}`,
              label: displayTitle(h.title),
              labelMarked: h.title ? h.title_highlighted : undefined,
              detailMarked: h.snippet || undefined,
              icon: "note",
              perform: (e) => e.navigate(noteAtMatch(h.id, text)),
            })),
          ...fuzzy.map<PaletteItem>((t) => ({
            id: `note:${t.id}`,
            label: displayTitle(t.title),
            labelPositions: t.positions,
            icon: "note",
            perform: (e) => e.navigate(`/notes/${t.id}`),
          })),
        ];
        setNotesState("server");
      } else if (outcome.kind === "offline") {
        noteItems = searchDeviceTitles(userId, text, 20)
          .filter((t) => !recentIds.has(t.id))
          .map((t) => ({
            id: `note:${t.id}`,
            label: displayTitle(t.title),
            labelPositions: t.positions,
            icon: "note",
            perform: (e) => e.navigate(`/notes/${t.id}`),
          }));
        setNotesState("device");
      } else {
        noteItems = [];
        setNotesState("error");
      }
      const notesGroup: Group[] =
        noteItems.length > 0 ? [{ heading: "Notes", items: noteItems }] : [];
      setGroups([...recentGroup, ...notesGroup, ...others]);
    })();
    return () => controller.abort();
  }, [
    open,
    query,
    pinned,
    attachments,
    edited,
    scope,
    inScope,
    userId,
    noteId,
    shownNote,
    supabase,
    titlesVersion,
  ]);

  const flat = useMemo(() => groups.flatMap((g) => g.items), [groups]);
  const starts = useMemo(
    () => groups.map((_, g) => groups.slice(0, g).reduce((n, x) => n + x.items.length, 0)),
    [groups],
  );
  const activeIndex = Math.min(active, Math.max(0, flat.length - 1));
  const optionId = (i: number) => `${listId}-option-${i}`;

  const choose = useCallback(
    (item: PaletteItem) => {
      setOpen(false);
      const target = item.id.match(/^(?:recent|note):(.+)$/)?.[1];
      if (target) rememberNote(userId, { id: target, title: item.label });
      void Promise.resolve(item.perform(env)).catch((error: unknown) =>
        toast.error(error instanceof Error ? error.message : "That did not work."),
      );
    },
    [env, userId],
  );

  useEffect(() => {
    document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: "nearest" });
  });

  function onInputKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((activeIndex + 1) % Math.max(1, flat.length));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((activeIndex - 1 + flat.length) % Math.max(1, flat.length));
    } else if (event.key === "Home" && event.ctrlKey) {
      setActive(0);
    } else if (event.key === "End" && event.ctrlKey) {
      setActive(flat.length - 1);
    } else if (event.key === "Enter") {
      const item = flat[activeIndex];
      if (item) {
        event.preventDefault();
        choose(item);
      }
    }
  }

  const status =
    notesState === "device"
      ? "Searching titles on this device: you are offline."
      : notesState === "searching"
        ? "Searching…"
        : notesState === "error"
          ? "Search is not available right now."
          : query.trim() && flat.length === 0
            ? `Nothing matches “${query.trim()}”.`
            : "";

  return (
    <>
      <ShortcutsSheet open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setQuery("");
        }}
      >
        <DialogContent
          showCloseButton={false}
          className="top-[12vh] translate-y-0 gap-0 overflow-hidden p-0 sm:max-w-xl"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            inputRef.current?.focus();
          }}
        >
          <DialogTitle className="sr-only">Command palette</DialogTitle>
          <DialogDescription className="sr-only">
            Type to find a note or a command; arrow keys move, Enter opens.
          </DialogDescription>
          <div className="flex items-center gap-2 border-b px-3">
            <SearchIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <input
              ref={inputRef}
              role="combobox"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={flat.length > 0 ? optionId(activeIndex) : undefined}
              aria-label="Find a note or a command"
              placeholder="Find a note or a command…"
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={onInputKeyDown}
              className="h-12 w-full bg-transparent text-base outline-none placeholder:text-muted-foreground"
            />
          </div>
          <div
            role="group"
            aria-label="Search filters"
            className="flex flex-wrap items-center gap-2 border-b px-3 py-2 text-sm"
          >
            {scope ? (
              <FilterToggle pressed={inScope} onChange={setInScope}>
                {"folder" in scope ? "In this folder" : `In #${scope.tag}`}
              </FilterToggle>
            ) : null}
            <FilterToggle pressed={pinned} onChange={setPinned}>
              Pinned
            </FilterToggle>
            <FilterToggle pressed={attachments} onChange={setAttachments}>
              Has attachments
            </FilterToggle>
            <label className="flex items-center gap-1.5 text-muted-foreground">
              Edited
              <select
                value={edited}
                onChange={(e) => setEdited(e.target.value as EditedWithin)}
                className="rounded-md border bg-background px-1.5 py-0.5 text-foreground"
              >
                {EDITED_WITHIN.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <p
            role="status"
            aria-live="polite"
            className={cn(
              "flex items-center gap-2 px-4 text-sm text-muted-foreground",
              status ? "py-2" : "sr-only",
            )}
          >
            {notesState === "device" && <WifiOffIcon aria-hidden="true" className="size-4" />}
            {status}
          </p>
          <div
            id={listId}
            role="listbox"
            aria-label="Notes and commands"
            className="max-h-[min(60vh,28rem)] overflow-y-auto p-1.5"
          >
            {groups.map((group, g) => (
              <div key={group.heading} role="group" aria-label={group.heading}>
                <div
                  aria-hidden="true"
                  className="px-2.5 pt-2 pb-1 text-xs font-medium text-muted-foreground"
                >
                  {group.heading}
                </div>
                {group.items.map((item, n) => {
                  const i = starts[g] + n;
                  const Icon = ICONS[item.icon ?? "note"];
                  return (
                    <div
                      key={item.id}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === activeIndex}
                      data-palette-item={item.id}
                      onMouseMove={() => i !== activeIndex && setActive(i)}
                      onClick={() => choose(item)}
                      className={cn(
                        "flex cursor-pointer items-start gap-2.5 rounded-md px-2.5 py-2 text-sm [&_mark]:rounded-sm [&_mark]:bg-primary/20 [&_mark]:text-foreground",
                        i === activeIndex && "bg-accent text-accent-foreground",
                      )}
                    >
                      <Icon
                        aria-hidden="true"
                        className="mt-0.5 size-4 shrink-0 text-muted-foreground"
                      />
                      <span className="grid min-w-0 flex-1 gap-0.5">
                        <span className="truncate font-medium">
                          {item.labelMarked ? (
                            <Marked text={item.labelMarked} />
                          ) : (
                            <Marked text={item.label} positions={item.labelPositions} />
                          )}
                        </span>
                        {(item.detailMarked || item.detail) && (
                          <span className="line-clamp-2 text-muted-foreground">
                            {item.detailMarked ? <Marked text={item.detailMarked} /> : item.detail}
                          </span>
                        )}
                      </span>
                      {item.keys?.map((k) => (
                        <kbd
                          key={k}
                          className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs text-muted-foreground"
                        >
                          {k}
                        </kbd>
                      ))}
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

function FilterToggle({
  pressed,
  onChange,
  children,
}: {
  pressed: boolean;
  onChange: (pressed: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onChange(!pressed)}
      className={cn(
        "rounded-full border px-2.5 py-0.5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        pressed
          ? "border-primary bg-primary text-primary-foreground"
          : "text-muted-foreground hover:bg-accent",
      )}
    >
      {children}
    </button>
  );
}
