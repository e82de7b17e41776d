/** Where this device keeps a person's pins and Trash waiting to sync (`organize-queue.ts`). */
export const noteChangesKey = (userId: string) => `groundwork:${userId}:note-changes`;
