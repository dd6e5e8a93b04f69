/**
 * Runs `fn` once the next frame has been painted: the animation frame comes before the paint,
 * a task queued from it runs after. Hidden windows paint no frames, so there it runs at once.
 */
export function afterNextPaint(fn: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
    setTimeout(fn, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(fn, 0));
}

export const nextPaint = (): Promise<void> => new Promise((done) => afterNextPaint(done));
