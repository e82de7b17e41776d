import { exportNote, printNote, type NoteExportKind } from "@/lib/export/run";
import { newNote } from "@/lib/notes/new-note";
import { restoreNote, setPinned, trashNote } from "@/lib/notes/actions";
import { paletteHooks, registerPaletteSource, type PaletteItem } from "@/lib/palette/registry";
import { shareNote } from "@/lib/share/actions";

/** The commands everything reachable by mouse has in the palette too. */
registerPaletteSource({
  id: "commands",
  group: "Commands",
  order: 20,
  items({ note, supabase }) {
    const items: PaletteItem[] = [
      {
        id: "commands:new-note",
        label: "New note",
        icon: "plus",
        keys: ["N"],
        keywords: ["create", "add", "write"],
        async perform(env) {
          const result = await newNote();
          if (result?.error) env.notify(result.error, { error: true });
        },
      },
    ];
    if (note) {
      items.push(
        {
          id: "commands:pin",
          label: note.pinned ? "Unpin note" : "Pin note",
          detail: note.title || undefined,
          icon: note.pinned ? "unpin" : "pin",
          keywords: ["pin", "top", "favourite"],
          async perform(env) {
            const result = await setPinned(note.id, !note.pinned);
            if (result.error) env.notify(result.error, { error: true });
            else env.notify(note.pinned ? "Unpinned" : "Pinned");
          },
        },
        {
          id: "commands:share",
          label: "Share note: copy its link",
          detail: note.title || undefined,
          icon: "share",
          keywords: ["link", "publish", "public"],
          async perform(env) {
            const result = await shareNote(note.id);
            if (result.error || !result.slug) {
              env.notify(result.error ?? "The note could not be shared.", { error: true });
              return;
            }
            const link = `${window.location.origin}/n/${result.slug}`;
            await env.copy(link).then(
              () => env.notify("Share link copied"),
              () => env.notify(`Shared at ${link}`),
            );
          },
        },
      );
      const exportAs = (kind: NoteExportKind, label: string): PaletteItem => ({
        id: `commands:export-${kind}`,
        label,
        detail: note.title || undefined,
        icon: "download",
        keywords: ["export", "download", "save", kind === "html" ? "web page" : "md zip"],
        async perform(env) {
          if (!supabase) {
            env.notify("Exporting needs a connection.", { error: true });
            return;
          }
          const done = await exportNote(supabase, note.id, kind);
          env.notify(done.message, done.error ? { error: true } : undefined);
        },
      });
      items.push(exportAs("markdown", "Export as Markdown"), exportAs("html", "Export as HTML"), {
        id: "commands:print",
        label: "Print or save as PDF",
        detail: note.title || undefined,
        icon: "print",
        keywords: ["print", "pdf", "paper"],
        perform: () => printNote(),
      });
      const move = paletteHooks.moveNote;
      if (move)
        items.push({
          id: "commands:move",
          label: "Move note to…",
          detail: note.title || undefined,
          icon: "move",
          keywords: ["folder", "file"],
          perform: (env) => move(note, env),
        });
      items.push({
        id: "commands:trash",
        label: "Move note to Trash",
        detail: note.title || undefined,
        icon: "trash",
        keywords: ["delete", "remove", "bin"],
        async perform(env) {
          const result = await trashNote(note.id);
          if (result.error) {
            env.notify(result.error, { error: true });
            return;
          }
          env.navigate("/notes");
          env.notify("Moved to Trash", {
            undo: async () => {
              const undone = await restoreNote(note.id);
              if (undone.error) env.notify(undone.error, { error: true });
              else env.navigate(`/notes/${note.id}`);
            },
          });
        },
      });
    }
    items.push(
      {
        id: "commands:theme",
        label: "Toggle dark and light theme",
        icon: "theme",
        keywords: ["dark", "light", "mode", "appearance"],
        perform: (env) => env.setTheme(env.dark ? "light" : "dark"),
      },
      {
        id: "commands:all-notes",
        label: "Go to all notes",
        icon: "list",
        keywords: ["list", "home"],
        perform: (env) => env.navigate("/notes"),
      },
      {
        id: "commands:trash-view",
        label: "Go to Trash",
        icon: "trash",
        keywords: ["deleted", "restore", "bin"],
        perform: (env) => env.navigate("/notes/trash"),
      },
      {
        id: "commands:account",
        label: "Go to account",
        icon: "account",
        keywords: ["profile", "settings", "password", "email"],
        perform: (env) => env.navigate("/account"),
      },
      {
        id: "commands:shortcuts",
        label: "Show keyboard shortcuts",
        icon: "keyboard",
        keys: ["?"],
        keywords: ["help", "keys"],
        perform: (env) => env.openShortcuts(),
      },
    );
    return items;
  },
});
