import type { Db } from './open.js';

interface ImageRecord {
  id: string;
  specJson: string;
  png: Buffer | null;
  expiresAt: number | null;
}

function toBuffer(v: Uint8Array | ArrayBuffer | null): Buffer | null {
  if (v === null) return null;
  return v instanceof ArrayBuffer ? Buffer.from(v) : Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

export async function findImageByToken(db: Db, token: string): Promise<ImageRecord | null> {
  const row = await db
    .selectFrom('images')
    .select(['id', 'spec_json', 'png', 'expires_at'])
    .where('url_token', '=', token)
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, specJson: row.spec_json, png: toBuffer(row.png), expiresAt: row.expires_at };
}

export async function storeRenderedPng(db: Db, imageId: string, png: Buffer): Promise<void> {
  await db.updateTable('images').set({ png }).where('id', '=', imageId).where('png', 'is', null).execute();
}
