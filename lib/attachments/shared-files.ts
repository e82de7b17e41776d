/** What a shared page may show of one attachment: signed links only. */
export type SharedFile = { original: string; download: string; rendition: string | null };

/** A shared note's signed attachment links, keyed by storage path. */
export type SharedFiles = Record<string, SharedFile>;
