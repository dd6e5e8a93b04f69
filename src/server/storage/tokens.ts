import { hash } from 'node:crypto';

/** SHA-256 of the token, hex. One-shot crypto.hash: it runs on every API request. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
