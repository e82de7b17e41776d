/** Whether this page forgot the device at a sign-out (and so holds back the list's saves). */
let forgotHere = false;

/**
 * Signed out: nothing of the person stays on this device (notes' copies, the kept list, caches).
 * Called by the page's auth listener at SIGNED_OUT, and by the sign-out buttons themselves once
 * the sign-out is done, so the device is forgotten even should the event be missed; twice is
 * harmless. The clearing code is fetched only when someone signs out.
 */
export async function forgetThisDevice() {
  forgotHere = true;
  try {
    const { forgetDevice } = await import("@/lib/notes/offline/list-store");
    await forgetDevice();
  } catch {
    // Its code could not be fetched: the next sign-out on this device tries again.
  }
}

/** After a sign-out in this page, someone signed in: their list may be kept on the device again. */
export async function rememberThisDevice() {
  if (!forgotHere) return;
  forgotHere = false;
  try {
    const { rememberDevice } = await import("@/lib/notes/offline/list-store");
    rememberDevice();
  } catch {
    // Its code could not be fetched: nothing was forgotten in this page either.
  }
}
