import Collaboration from "@tiptap/extension-collaboration";
import type { EditorState, Plugin, Transaction } from "@tiptap/pm/state";
import { updateYFragment, ySyncPluginKey, yUndoPluginKey } from "@tiptap/y-tiptap";
import type * as Y from "yjs";

import { NodeMapping, relativeSelection } from "@/lib/notes/editor/relative-selection";

type Binding = {
  doc: Y.Doc;
  type: Y.XmlFragment;
  mapping: NodeMapping;
  prosemirrorView: { state: EditorState } | null;
  beforeTransactionSelection: unknown;
  beforeAllTransactions: () => void;
  /** Runs the first function unless the binding is already in the middle of its own change. */
  mux: (f: () => void, g?: () => void) => void;
  _prosemirrorChanged: (doc: EditorState["doc"]) => void;
  _forceRerender?: () => void;
};
type SyncState = { binding?: Binding } | undefined;
type UndoState = { undoManager: Y.UndoManager; hasUndoOps: boolean; hasRedoOps: boolean };

/**
 * The binding keeps the caret as a position in the Yjs document before and after each change (to
 * put it back after others' changes and after an undo). y-tiptap finds that position by walking
 * the note from its first block, six times a keystroke; here each walk starts at the caret's block.
 */
function keepSelectionsNearby(binding: Binding) {
  binding.doc.off("beforeAllTransactions", binding.beforeAllTransactions);
  binding.beforeAllTransactions = () => {
    const view = binding.prosemirrorView;
    if (binding.beforeTransactionSelection !== null || view == null) return;
    // The binding's own change of the Yjs document (this device's typing) sets the selection
    // itself once the change is made, before anything reads it: nothing to keep from before.
    let own = true;
    binding.mux(() => (own = false));
    if (!own) binding.beforeTransactionSelection = relativeSelection(binding, view.state);
  };
  binding.doc.on("beforeAllTransactions", binding.beforeAllTransactions);
  binding._prosemirrorChanged = (doc) => {
    binding.doc.transact(() => {
      updateYFragment(binding.doc, binding.type, doc, binding as never);
      if (binding.prosemirrorView)
        binding.beforeTransactionSelection = relativeSelection(
          binding,
          binding.prosemirrorView.state,
        );
    }, ySyncPluginKey);
  };
}

/**
 * Tiptap's collaboration, with the note drawn from its Yjs document once, when the editor is made.
 *
 * y-tiptap draws the whole document again each time the editor's plugins change (the formatting
 * menu registers its plugin after the editor is made). In a long note that redraw costs hundreds of
 * milliseconds, and after it ProseMirror's view keeps the earlier nodes, equal but not the same
 * objects, so every later keystroke compares each block of the note deeply. Given a mapping of its
 * own (`noteCollaboration`), the binding keeps the nodes it made across those changes; the first
 * drawing is asked for here, once.
 */
const NoteCollaboration = Collaboration.extend({
  addProseMirrorPlugins() {
    const plugins: Plugin[] = this.parent?.() ?? [];
    const sync = plugins.find((plugin) => plugin.spec.key === ySyncPluginKey);
    const view = sync?.spec.view;
    if (!sync || !view) return plugins;
    let drawn = false;
    sync.spec.view = (editorView) => {
      const pluginView = view(editorView);
      const binding = (ySyncPluginKey.getState(editorView.state) as SyncState)?.binding;
      if (binding?.mapping instanceof NodeMapping) keepSelectionsNearby(binding);
      if (!drawn) {
        drawn = true;
        binding?._forceRerender?.();
      }
      return pluginView;
    };
    // The undo history keeps the caret from before each change the same way.
    const undo = plugins.find((plugin) => plugin.spec.key === yUndoPluginKey);
    const field = undo?.spec.state;
    if (field) {
      const apply = field.apply;
      field.apply = function (
        this: Plugin,
        tr: Transaction,
        value: UndoState,
        oldState: EditorState,
        state: EditorState,
      ) {
        const binding = (ySyncPluginKey.getState(state) as SyncState)?.binding;
        if (!(binding?.mapping instanceof NodeMapping))
          return apply.call(this, tr, value, oldState, state);
        const { undoManager } = value;
        return {
          undoManager,
          prevSel: relativeSelection(binding, oldState),
          hasUndoOps: undoManager.undoStack.length > 0,
          hasRedoOps: undoManager.redoStack.length > 0,
        };
      };
    }
    return plugins;
  },
});

/** The note's collaboration on `doc`, with a mapping of Yjs types to nodes for this editor alone. */
export const noteCollaboration = (doc: Y.Doc) =>
  NoteCollaboration.configure({ document: doc, ySyncOptions: { mapping: new NodeMapping() } });
