/**
 * Files dropped on the notes list, carried to Account → Import across the client-side navigation
 * (the page's memory survives it), where the import reads them as if dropped there. Taken once.
 */
let handedOff: File[] | null = null;

export function handOffImportFiles(files: File[]): void {
  handedOff = files.length > 0 ? files : null;
}

export const hasImportFiles = (): boolean => handedOff !== null;

export function takeImportFiles(): File[] | null {
  const files = handedOff;
  handedOff = null;
  return files;
}
