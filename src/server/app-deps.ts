import type { Clock } from './clock.js';
import type { RenderPng } from './http/render-png.js';
import type { Db } from './storage/open.js';

/**
 * What route modules need; built once per server by app.ts. A module of its own so routes
 * never import app.ts, which imports them.
 */
export interface AppDeps {
  db: Db;
  clock: Clock;
  renderPng: RenderPng;
  /**
   * Answers kept in memory may be written straight to the socket, before Fastify's later
   * request steps (validation, handler, onSend hooks). False in lean mode, whose onSend
   * hooks rewrite every answer.
   */
  directAnswers: boolean;
}
