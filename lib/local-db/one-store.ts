/** A database of one person's (`groundwork:<user id>:…`). */
const PERSON_DATABASE = /^groundwork:[0-9a-f-]{36}:/i;

/**
 * Set at a sign-out in this page, until someone signs in here again: a write or read of a person's
 * store that was under way (a list kept, titles read) then makes nothing again on this device.
 */
let peopleForgotten = false;

export function forgetPeopleStores(forgotten: boolean): void {
  peopleForgotten = forgotten;
}

/**
 * A database on this device that holds one object store, as the app keeps each of a person's own
 * (`groundwork:<user>:…`, all deleted at sign-out). Opened for each transaction and closed after it,
 * so a tab never holds a database another tab wants to delete or upgrade.
 */
export function oneStore(name: string, store: string, options?: IDBObjectStoreParameters) {
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      // Opening makes the database: a person's, after they signed out here, is not made again.
      if (peopleForgotten && PERSON_DATABASE.test(name))
        return reject(new DOMException("Signed out on this device", "InvalidStateError"));
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(store, options);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });

  /**
   * Runs `act` in one transaction on the store; resolves once it has committed, with the result of
   * the request `act` returned (undefined when it returned none).
   */
  async function run<T>(
    mode: IDBTransactionMode,
    act: (store: IDBObjectStore) => IDBRequest<T> | void,
  ): Promise<T> {
    const db = await open();
    try {
      return await new Promise<T>((resolve, reject) => {
        const tx = db.transaction(store, mode);
        const request = act(tx.objectStore(store));
        tx.oncomplete = () => resolve(request ? request.result : (undefined as T));
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      });
    } finally {
      db.close();
    }
  }

  return { run };
}
