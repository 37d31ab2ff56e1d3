/**
 * A display clock: ticks once a second so "on air for" and "updated N s ago" stay true.
 * It never fetches anything; polling lives in main.
 */
export const displayClock = $state({ now: Date.now() });

setInterval(() => {
  displayClock.now = Date.now();
}, 1000);
