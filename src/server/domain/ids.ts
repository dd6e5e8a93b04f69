import { randomBytes } from 'node:crypto';

/** New IDs: a readable prefix plus 80 random bits, so IDs cannot be enumerated. */
export function newId(prefix: 'itm' | 'pin'): string {
  return `${prefix}_${randomBytes(10).toString('hex')}`;
}
