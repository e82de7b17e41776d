import type { DetailedError } from "tus-js-client";

/** A refusal from Storage in the words a person needs (status and storage-api's message). */
export function uploadErrorMessage(name: string, err: unknown): string {
  const status = (err as DetailedError | null)?.originalResponse?.getStatus();
  const body = (err as DetailedError | null)?.originalResponse?.getBody() ?? "";
  if (status === 413 || /maximum allowed size/i.test(body))
    return `“${name}” is larger than Storage accepts for one file.`;
  if (status === 415 || /mime type/i.test(body))
    return `“${name}” is a type of file that can’t be attached.`;
  if (/quota|insufficient storage/i.test(body) || status === 507)
    return `There is no room left in your storage for “${name}”. Remove some attachments and try again.`;
  if (status === 401 || status === 403)
    return `“${name}” couldn’t be stored: your session may have ended. Sign in again and retry.`;
  return `“${name}” couldn’t be uploaded. Check your connection and try again.`;
}
