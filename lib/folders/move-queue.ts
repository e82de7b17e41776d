/**
 * Note moves waiting to reach the server, kept on this device (localStorage) so a move made offline,
 * or one whose request failed, is sent again on reconnect. One entry per note: the last move made
 * on this device wins, as the server's last write wins between devices.
 */
export type PendingMoves = Record<string, string | null>;

const KEY = "groundwork:pending-note-moves";
const EVENT = "groundwork:note-moved";

export type NoteMoved = { id: string; folder: string | null };

function read(): PendingMoves {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as PendingMoves) : {};
  } catch {
    return {};
  }
}

function write(moves: PendingMoves): void {
  if (Object.keys(moves).length === 0) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, JSON.stringify(moves));
}

export function pendingMoves(): PendingMoves {
  return read();
}

/** Remembers a move and tells this tab's lists at once. */
export function queueMove(id: string, folder: string | null): void {
  write({ ...read(), [id]: folder });
  window.dispatchEvent(new CustomEvent<NoteMoved>(EVENT, { detail: { id, folder } }));
}

/** Forgets a move once the server has it, unless a newer one for the same note came meanwhile. */
export function settleMove(id: string, folder: string | null): void {
  const moves = read();
  if (id in moves && moves[id] === folder) {
    delete moves[id];
    write(moves);
  }
}

export function onNoteMoved(listener: (moved: NoteMoved) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<NoteMoved>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}

/**
 * Sends every waiting move with `send`; a move the server refused for good (the note or folder is
 * gone) is dropped with its message, one that could not be sent stays for the next try.
 */
export async function flushMoves(
  send: (id: string, folder: string | null) => Promise<{ error?: string }>,
  onRefused: (message: string) => void = () => {},
): Promise<number> {
  let sent = 0;
  for (const [id, folder] of Object.entries(read())) {
    let result: { error?: string };
    try {
      result = await send(id, folder);
    } catch {
      return sent; // Still offline: everything left waits for the next reconnect.
    }
    if (result.error?.startsWith("Couldn't")) return sent;
    if (result.error) onRefused(result.error);
    settleMove(id, folder);
    sent++;
  }
  return sent;
}
