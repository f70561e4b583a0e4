/**
 * The venue desk's storage on the phone (features/desk/desk-store.ts): its IndexedDB database holds the day's
 * roster, photos of minors included. It is wiped when the manager's session ends on this browser (sign-out, or the
 * server saying the session is over): here, because the session is shared and features do not import each other.
 * Scans still waiting to be sent stay (badge ids and times, no names): the next desk sign-in sends them.
 */
export const DESK_DATABASE = 'bjk-desk';
const WIPED_STORES = ['roster', 'events'];

export function wipeDeskRoster(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve();
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(DESK_DATABASE);
    } catch {
      return resolve();
    }
    // No desk database on this browser: do not create an empty one (aborting the upgrade leaves none).
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
    request.onsuccess = () => {
      const database = request.result;
      const stores = WIPED_STORES.filter((name) => database.objectStoreNames.contains(name));
      if (stores.length === 0) {
        database.close();
        return resolve();
      }
      const tx = database.transaction(stores, 'readwrite');
      for (const name of stores) tx.objectStore(name).clear();
      tx.oncomplete =
        tx.onerror =
        tx.onabort =
          () => {
            database.close();
            resolve();
          };
    };
  });
}
