/** Thrown when the database cannot be used as asked; the message says what to do. */
export class DatabaseRefusedError extends Error {}
