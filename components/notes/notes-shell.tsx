"use client";

import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { useRouter, useSelectedLayoutSegment } from "next/navigation";
import { PanelLeftCloseIcon, PanelLeftOpenIcon } from "@/components/ui/icons";

import "@/components/notes/notes-frame.css";

import { NoteHostProvider, useEditorHost } from "@/components/notes/note-editor-host";
import { NoteShortcuts } from "@/components/notes/note-shortcuts";
import { NotesNav } from "@/components/notes/notes-nav";
import {
  LAYOUT_COOKIE,
  LIST_WIDTH,
  NAV_WIDTH,
  saveCookie,
  type PaneLayout,
} from "@/lib/notes/pane-layout";
import { cn } from "@/lib/utils";
import { importWhenOnline } from "@/lib/when-online";

type Panes = {
  layout: PaneLayout;
  /** Shows the navigation: the pane on wide screens, the sheet on narrower ones. */
  showNav: () => void;
  toggleList: () => void;
};

const PanesContext = createContext<Panes | null>(null);

export function usePanes(): Panes | null {
  return useContext(PanesContext);
}

const WIDE = "(min-width: 1024px)";

// The phone's navigation sheet comes when it is first opened, not with every notes page.
const NavigationSheet = dynamic(
  () =>
    importWhenOnline(() => import("@/components/notes/navigation-sheet")).then(
      (m) => m.NavigationSheet,
    ),
  { ssr: false },
);

/** A pane's icon button (notes-frame.css); display and size stay utilities, to be overridden. */
export const paneButton = "pane-button grid size-8";

/**
 * The notes app's frame. Wide screens: navigation, the list and the note side by side; the panes
 * collapse and resize, and the layout is kept per device in a cookie the server reads. Tablets:
 * the list and the note, the navigation in a sheet. Phones: one pane by URL (`/notes` the list,
 * `/notes/<id>` and `/notes/trash` their page), the navigation in a sheet.
 */
export function NotesShell({
  userId,
  list,
  tags,
  initialLayout,
  children,
}: {
  userId: string;
  list: React.ReactNode;
  tags?: React.ReactNode;
  initialLayout: PaneLayout;
  children: React.ReactNode;
}) {
  const segment = useSelectedLayoutSegment();
  // The open note's editor outlives the pages that show it: a note this device holds opens from
  // it at the click, and the page that follows takes over the same editor.
  const { host, editors } = useEditorHost({ userId, shown: segment });
  const onPage = segment !== null || host.opening !== null;
  // Files from the device dropped on the list are imported (Account → Import takes them over).
  const router = useRouter();
  const [layout, setLayout] = useState(initialLayout);
  const [sheet, setSheet] = useState(false);
  // Once opened, the sheet stays, so it can close with its animation.
  const [sheetAsked, setSheetAsked] = useState(false);
  if (sheet && !sheetAsked) setSheetAsked(true);

  const change = useCallback((next: Partial<PaneLayout>) => {
    setLayout((previous) => {
      const merged = { ...previous, ...next };
      saveCookie(LAYOUT_COOKIE, JSON.stringify(merged));
      return merged;
    });
  }, []);

  const showNav = useCallback(() => {
    if (window.matchMedia(WIDE).matches) change({ nav: true });
    else setSheet(true);
  }, [change]);
  const toggleList = useCallback(() => change({ list: !layout.list }), [change, layout.list]);

  // A sheet left open while the window grows would cover the pane that now shows the same.
  useEffect(() => {
    const wide = window.matchMedia(WIDE);
    const close = () => wide.matches && setSheet(false);
    wide.addEventListener("change", close);
    return () => wide.removeEventListener("change", close);
  }, []);

  const style = {
    "--nav-w": `${layout.navWidth}px`,
    "--list-w": `${layout.listWidth}px`,
  } as React.CSSProperties;

  return (
    <NoteHostProvider value={host}>
      <PanesContext.Provider value={{ layout, showNav, toggleList }}>
        <div className="flex min-h-0 w-full flex-1" style={style} data-notes-frame>
          <NoteShortcuts />
          {layout.nav ? (
            <>
              <aside
                aria-label="Folders and tags"
                className="hidden w-[var(--nav-w)] shrink-0 flex-col border-r bg-muted/30 lg:flex"
              >
                <div className="flex h-11 shrink-0 items-center justify-between border-b px-3">
                  <span className="text-sm font-semibold tracking-tight">Library</span>
                  <button
                    type="button"
                    className={paneButton}
                    aria-label="Hide sidebar"
                    title="Hide sidebar"
                    onClick={() => change({ nav: false })}
                  >
                    <PanelLeftCloseIcon aria-hidden="true" className="size-4" />
                  </button>
                </div>
                <NotesNav tags={tags} />
              </aside>
              <Resizer
                label="Resize sidebar"
                value={layout.navWidth}
                bounds={NAV_WIDTH}
                onChange={(navWidth) => change({ navWidth })}
              />
            </>
          ) : null}
          {!layout.list ? (
            <div className="hidden w-11 shrink-0 flex-col items-center gap-1 border-r py-2 lg:flex">
              {!layout.nav ? (
                <button
                  type="button"
                  className={paneButton}
                  aria-label="Show sidebar"
                  title="Show sidebar"
                  onClick={() => change({ nav: true })}
                >
                  <PanelLeftOpenIcon aria-hidden="true" className="size-4" />
                </button>
              ) : null}
              <button
                type="button"
                className={paneButton}
                aria-label="Show note list"
                title="Show note list"
                onClick={() => change({ list: true })}
              >
                <PanelLeftOpenIcon aria-hidden="true" className="size-4" />
              </button>
            </div>
          ) : null}
          <section
            aria-label="Note list"
            className={cn(
              "w-full shrink-0 flex-col md:flex md:w-80 md:border-r lg:w-[var(--list-w)]",
              onPage ? "hidden" : "flex",
              !layout.list && "lg:hidden",
            )}
            onClickCapture={(e) => void host.openFromList(e)}
            onDragOver={(e) => {
              if (e.dataTransfer.types.includes("Files")) e.preventDefault();
            }}
            onDrop={(e) => {
              if (!e.dataTransfer.types.includes("Files")) return;
              e.preventDefault();
              const files = [...e.dataTransfer.files];
              // Handed over before the import page asks for them.
              void import("@/lib/import/handoff").then((m) => {
                m.handOffImportFiles(files);
                router.push("/account/import");
              });
            }}
          >
            {list}
          </section>
          {layout.list ? (
            <Resizer
              label="Resize note list"
              value={layout.listWidth}
              bounds={LIST_WIDTH}
              onChange={(listWidth) => change({ listWidth })}
            />
          ) : null}
          <div
            key={onPage ? "page" : "home"}
            className={cn(
              "min-w-0 flex-1 overflow-y-auto md:block",
              onPage
                ? "block animate-in duration-200 fade-in-0 slide-in-from-right-4 motion-reduce:animate-none md:animate-none"
                : "hidden",
            )}
          >
            {host.Pane ? <host.Pane host={host} userId={userId} /> : null}
            {/* Out of sight while a note opens from the device; its editor goes once the next page is in. */}
            <div className={host.opening ? "hidden" : "contents"}>{children}</div>
          </div>
        </div>
        {editors}
        {sheetAsked && <NavigationSheet open={sheet} onOpenChange={setSheet} tags={tags} />}
      </PanesContext.Provider>
    </NoteHostProvider>
  );
}

/** A pane's edge: drag it, or focus it and use the arrow keys, to make the pane wider or narrower. */
function Resizer({
  label,
  value,
  bounds,
  onChange,
}: {
  label: string;
  value: number;
  bounds: { min: number; max: number };
  onChange: (width: number) => void;
}) {
  const start = useRef<{ x: number; width: number } | null>(null);
  const clamp = (width: number) => Math.round(Math.min(bounds.max, Math.max(bounds.min, width)));
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={bounds.min}
      aria-valuemax={bounds.max}
      tabIndex={0}
      className="pane-resizer hidden lg:block"
      onPointerDown={(e) => {
        start.current = { x: e.clientX, width: value };
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (start.current) onChange(clamp(start.current.width + e.clientX - start.current.x));
      }}
      onPointerUp={() => (start.current = null)}
      onKeyDown={(e) => {
        if (e.key === "ArrowLeft") onChange(clamp(value - 16));
        else if (e.key === "ArrowRight") onChange(clamp(value + 16));
        else return;
        e.preventDefault();
      }}
    />
  );
}
