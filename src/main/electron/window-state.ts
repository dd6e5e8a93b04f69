import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';

/**
 * The main window's size, position and maximized state, kept in the app's data folder so
 * the next launch opens where the last one closed. A position that is no longer on any
 * monitor (one was unplugged) is moved back onto the nearest one.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Rect | null;
  maximized: boolean;
  fullScreen: boolean;
}

const FIRST_LAUNCH: WindowState = { bounds: null, maximized: false, fullScreen: false };

export const DEFAULT_SIZE = { width: 1400, height: 900 };
const MIN_SIZE = { width: 900, height: 600 };

const int = z.number().int().min(-100_000).max(100_000);
const Stored = z.object({
  bounds: z.object({ x: int, y: int, width: int.min(1), height: int.min(1) }).nullable(),
  maximized: z.boolean(),
  // Absent in files written before full screen was remembered.
  fullScreen: z.boolean().default(false),
});

/** A missing or damaged file is a first launch, never a failed one. */
export async function loadWindowState(file: string, warn: (m: string) => void = () => {}): Promise<WindowState> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return { ...FIRST_LAUNCH };
  }
  try {
    const parsed = Stored.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  warn(`The saved window position in ${file} is unreadable; the window opens at its default size.`);
  return { ...FIRST_LAUNCH };
}

/**
 * Written to a temporary file and renamed, so a crash mid-write leaves the old state. Synchronous:
 * it runs as the window closes on quit, when the process may exit before any promise settles.
 */
export function saveWindowState(file: string, state: WindowState): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(state), 'utf8');
  renameSync(tmp, file);
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

function distance(a: Rect, b: Rect): number {
  const ax = a.x + a.width / 2;
  const ay = a.y + a.height / 2;
  const bx = b.x + b.width / 2;
  const by = b.y + b.height / 2;
  return Math.hypot(ax - bx, ay - by);
}

/**
 * The smallest size the window may be made: the design's minimum, or less on a monitor
 * whose work area is smaller than that (a 1024×600 netbook, a large display scale), so
 * the window never opens larger than the screen it is on.
 */
export function minimumSize(workAreas: Rect[]): { width: number; height: number } {
  if (workAreas.length === 0) return { ...MIN_SIZE };
  const width = Math.min(MIN_SIZE.width, ...workAreas.map((a) => a.width));
  const height = Math.min(MIN_SIZE.height, ...workAreas.map((a) => a.height));
  return { width: Math.max(width, 1), height: Math.max(height, 1) };
}

/**
 * Bounds to open the window with, given the monitors' work areas now. Kept as saved when
 * enough of the title bar is on a monitor to grab it; otherwise fitted into the monitor
 * that holds most of it (or the nearest one), shrunk to fit.
 */
export function placeOnScreen(saved: Rect | null, workAreas: Rect[]): Rect | null {
  if (!saved || workAreas.length === 0) return null;
  const titleBar = { x: saved.x, y: saved.y, width: saved.width, height: Math.min(40, saved.height) };
  const grabbable = workAreas.some(
    (a) => overlap(titleBar, a) >= Math.min(100, saved.width) * Math.min(20, titleBar.height),
  );
  if (grabbable) return saved;
  const best = [...workAreas].sort(
    (a, b) => overlap(saved, b) - overlap(saved, a) || distance(saved, a) - distance(saved, b),
  )[0]!;
  const min = minimumSize([best]);
  const width = Math.min(Math.max(saved.width, min.width), best.width);
  const height = Math.min(Math.max(saved.height, min.height), best.height);
  const x = Math.min(Math.max(saved.x, best.x), best.x + best.width - width);
  const y = Math.min(Math.max(saved.y, best.y), best.y + best.height - height);
  return { x, y, width, height };
}
