/**
 * Zoom levels of the screenshot viewer. `null` means "fit": the image is as large as the
 * viewer allows without scrolling. Fixed steps (rather than free scaling) keep +/- presses
 * predictable and let the person get back to exactly 100 %.
 */
const ZOOM_STEPS = [0.5, 0.75, 1, 1.5, 2, 3, 4] as const;

export type Zoom = number | null;

/** The scale a "fit" view currently shows, so zooming from fit continues from what is on screen. */
function effective(zoom: Zoom, fitScale: number): number {
  return zoom ?? fitScale;
}

export function zoomIn(zoom: Zoom, fitScale: number): number {
  const now = effective(zoom, fitScale);
  return ZOOM_STEPS.find((s) => s > now + 1e-6) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
}

export function zoomOut(zoom: Zoom, fitScale: number): number {
  const now = effective(zoom, fitScale);
  return [...ZOOM_STEPS].reverse().find((s) => s < now - 1e-6) ?? ZOOM_STEPS[0]!;
}

export function canZoomIn(zoom: Zoom, fitScale: number): boolean {
  return effective(zoom, fitScale) < ZOOM_STEPS[ZOOM_STEPS.length - 1]! - 1e-6;
}

export function canZoomOut(zoom: Zoom, fitScale: number): boolean {
  return effective(zoom, fitScale) > ZOOM_STEPS[0]! + 1e-6;
}

/** The largest scale (at most 1: small images are not blown up) at which the image fits the box. */
export function fitScale(natural: { width: number; height: number }, box: { width: number; height: number }): number {
  if (natural.width <= 0 || natural.height <= 0 || box.width <= 0 || box.height <= 0) return 1;
  return Math.min(1, box.width / natural.width, box.height / natural.height);
}

export function zoomLabel(zoom: Zoom, fit: number): string {
  return `${Math.round(effective(zoom, fit) * 100)} %${zoom === null ? ' (fit)' : ''}`;
}

/** Keeps the marker on the image even if the service sends a slightly out-of-range percentage. */
export function clampPercent(n: number): number {
  return Math.min(100, Math.max(0, Number.isFinite(n) ? n : 50));
}

/**
 * Where to scroll so the click marker sits in the middle of the viewer after a zoom: the
 * marker is at (x %, y %) of the image, whatever its size, so this keeps it in sight.
 */
export function scrollToCentre(
  marker: { x: number; y: number },
  image: { width: number; height: number },
  box: { width: number; height: number },
): { left: number; top: number } {
  const left = (clampPercent(marker.x) / 100) * image.width - box.width / 2;
  const top = (clampPercent(marker.y) / 100) * image.height - box.height / 2;
  return {
    left: Math.max(0, Math.min(left, image.width - box.width)),
    top: Math.max(0, Math.min(top, image.height - box.height)),
  };
}
