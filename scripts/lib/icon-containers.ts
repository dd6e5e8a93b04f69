/**
 * The two icon containers electron-builder wants besides PNGs: Windows .ico and macOS .icns.
 * Both may hold PNG images as they are, so they are written here from the PNGs the SVG
 * rasterizes to, and read back by the packaging test to check every size is present.
 */

export interface SizedPng {
  size: number;
  png: Buffer;
}

/** ICO: a 6-byte header, one 16-byte entry per image, then the PNG bytes (Vista+ format). */
export function encodeIco(images: SizedPng[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    if (size > 256) throw new Error(`An .ico image is at most 256 px, not ${size}`);
    const e = Buffer.alloc(16);
    e.writeUInt8(size === 256 ? 0 : size, 0); // 0 means 256
    e.writeUInt8(size === 256 ? 0 : size, 1);
    e.writeUInt8(0, 2); // no palette
    e.writeUInt8(0, 3);
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(png.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(e);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

export function decodeIcoSizes(ico: Buffer): number[] {
  if (ico.readUInt16LE(0) !== 0 || ico.readUInt16LE(2) !== 1) throw new Error('not an .ico file');
  const count = ico.readUInt16LE(4);
  return Array.from({ length: count }, (_, i) => ico.readUInt8(6 + 16 * i) || 256);
}

/** ICNS element types that hold PNG data, by pixel size (the @2x types reuse a larger PNG). */
export const ICNS_TYPES: { type: string; pixels: number }[] = [
  { type: 'icp4', pixels: 16 },
  { type: 'icp5', pixels: 32 },
  { type: 'icp6', pixels: 64 },
  { type: 'ic07', pixels: 128 },
  { type: 'ic08', pixels: 256 },
  { type: 'ic09', pixels: 512 },
  { type: 'ic10', pixels: 1024 }, // 512@2x
  { type: 'ic11', pixels: 32 }, // 16@2x
  { type: 'ic12', pixels: 64 }, // 32@2x
  { type: 'ic13', pixels: 256 }, // 128@2x
  { type: 'ic14', pixels: 512 }, // 256@2x
];

/** ICNS: 'icns' + total length, then elements of 4-char type + length (header included) + data. */
export function encodeIcns(pngBySize: Map<number, Buffer>): Buffer {
  const elements = ICNS_TYPES.map(({ type, pixels }) => {
    const png = pngBySize.get(pixels);
    if (!png) throw new Error(`No ${pixels} px PNG for the .icns element ${type}`);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const body = Buffer.concat(elements);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

export function decodeIcnsTypes(icns: Buffer): { type: string; png: Buffer }[] {
  if (icns.toString('ascii', 0, 4) !== 'icns' || icns.readUInt32BE(4) !== icns.length)
    throw new Error('not an .icns file');
  const out: { type: string; png: Buffer }[] = [];
  for (let at = 8; at < icns.length;) {
    const length = icns.readUInt32BE(at + 4);
    if (length < 8 || at + length > icns.length) throw new Error('damaged .icns element');
    out.push({ type: icns.toString('ascii', at, at + 4), png: icns.subarray(at + 8, at + length) });
    at += length;
  }
  return out;
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.readUInt32BE(0) !== 0x89504e47 || png.toString('ascii', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
