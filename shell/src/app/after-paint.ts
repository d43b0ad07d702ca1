/**
 * Runs `work` once the browser has painted the frame the current event produced: what a tap must show
 * at once (a button saying 'Added!') is painted first, and what may follow a frame later (a panel
 * sliding in, a toast) does not hold that paint back. This is what keeps an interaction's INP low on a
 * slow phone; where there are no frames (a test, the server), it runs on the next turn.
 */
export function afterNextPaint(work: () => void): void {
  if (typeof requestAnimationFrame === 'undefined') {
    setTimeout(work, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(work, 0));
}
