// Set once this page has reset the app's local data (settings › data control, the error page). The page reloads
// right after; until then nothing it still holds in memory (the query cache, pending local-copy writes, the settings
// queue) may be written back, or the reset would undo itself on the way out (pagehide).
let reset = false

export function markLocalDataReset(): void {
  reset = true
}

export function localDataWasReset(): boolean {
  return reset
}
