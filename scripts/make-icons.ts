/**
 * Rasterizes build/icon.svg (the app icon, drawn for Triage Desk) into every file the
 * installers need: build/icon.png (1024 px, also the window icon on Linux), build/icons/NxN.png
 * (Linux hicolor sizes), build/icon.ico (Windows) and build/icon.icns (macOS).
 * Run after changing the SVG: `node --import tsx scripts/make-icons.ts`; the outputs are committed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { encodeIcns, encodeIco } from './lib/icon-containers.js';

export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];

const buildDir = resolve(import.meta.dirname, '../build');
const svg = readFileSync(join(buildDir, 'icon.svg'));

function render(size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

const sizes = [...new Set([...LINUX_SIZES, ...ICO_SIZES])].sort((a, b) => a - b);
const pngs = new Map(sizes.map((s) => [s, render(s)]));

mkdirSync(join(buildDir, 'icons'), { recursive: true });
for (const s of LINUX_SIZES) writeFileSync(join(buildDir, 'icons', `${s}x${s}.png`), pngs.get(s)!);
writeFileSync(join(buildDir, 'icon.png'), pngs.get(1024)!);
writeFileSync(join(buildDir, 'icon.ico'), encodeIco(ICO_SIZES.map((size) => ({ size, png: pngs.get(size)! }))));
writeFileSync(join(buildDir, 'icon.icns'), encodeIcns(pngs));
console.log(`Wrote build/icon.png, build/icons (${LINUX_SIZES.join(', ')} px), build/icon.ico and build/icon.icns`);
