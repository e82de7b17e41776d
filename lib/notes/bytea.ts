/** The hex digits as characters, and each digit's value by character code (-1: not a digit). */
const DIGITS = new TextEncoder().encode("0123456789abcdef");
const NIBBLE = new Int8Array(128).fill(-1);
for (let d = 0; d < 16; d++) {
  NIBBLE["0123456789abcdef".charCodeAt(d)] = d;
  NIBBLE["0123456789ABCDEF".charCodeAt(d)] = d;
}
const ascii = new TextDecoder();

/**
 * PostgREST sends and takes bytea in JSON as "\x" followed by hex. A note's whole state is sent
 * this way (hundreds of kilobytes for a long note), so both directions work on character codes
 * through tables, not on a string or a parsed number per byte.
 */
export function toBytea(bytes: Uint8Array): string {
  const out = new Uint8Array(2 + 2 * bytes.length);
  out[0] = 0x5c; // "\"
  out[1] = 0x78; // "x"
  for (let i = 0, at = 2; i < bytes.length; i++, at += 2) {
    out[at] = DIGITS[bytes[i] >> 4];
    out[at + 1] = DIGITS[bytes[i] & 15];
  }
  return ascii.decode(out);
}

export function fromBytea(value: string | null | undefined): Uint8Array {
  if (!value) return new Uint8Array();
  if (!value.startsWith("\\x") || value.length % 2 !== 0) throw new Error("not a bytea hex string");
  const out = new Uint8Array((value.length - 2) / 2);
  for (let i = 0, at = 2; i < out.length; i++, at += 2) {
    const high = NIBBLE[value.charCodeAt(at)] ?? -1;
    const low = NIBBLE[value.charCodeAt(at + 1)] ?? -1;
    if (high < 0 || low < 0) throw new Error("not a bytea hex string");
    out[i] = (high << 4) | low;
  }
  return out;
}

/** Broadcast payloads are JSON: updates travel as base64. */
export function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

export function fromBase64(value: string): Uint8Array {
  const text = atob(value);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}
