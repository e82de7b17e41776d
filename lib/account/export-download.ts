/** "groundwork-export.zip" from a Content-Disposition header, or the fallback. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return safeName(decodeURIComponent(star[1]!.trim()), fallback);
    } catch {
      return fallback;
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? safeName(plain[1]!.trim(), fallback) : fallback;
}

function safeName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return base && !base.startsWith(".") ? base : fallback;
}

/** Reads a response body to the end, reporting the bytes received so far. */
export async function readWithProgress(
  response: Response,
  onProgress: (received: number, total: number | null) => void,
): Promise<Blob> {
  const total = Number(response.headers.get("content-length")) || null;
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(parts, { type: response.headers.get("content-type") ?? undefined });
}
