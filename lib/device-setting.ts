/**
 * A setting of this device kept in localStorage under `key`, for `useSyncExternalStore`: its
 * subscribers hear a change made in this page (`changed`) and one made in another tab (the
 * `storage` event).
 */
export function deviceSetting(key: string) {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key) listener();
      };
      window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener("storage", onStorage);
      };
    },
    /** The setting was written in this page. */
    changed() {
      for (const listener of listeners) listener();
    },
  };
}
