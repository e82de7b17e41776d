/**
 * What the browser's code gets for Node's `Buffer`: nothing. Next.js otherwise bundles a 22 KB
 * copy of Node's Buffer into every chunk that mentions the name, and the only code that does (Yjs's
 * lib0, supabase-js's Storage client) uses it only when it exists, with the browser's own
 * `btoa`/`atob` otherwise. A browser's code that needs bytes uses `Uint8Array`.
 */
export const Buffer = undefined;
