import type { Clock } from './clock.js';
import type { Caller } from './domain/caller.js';
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
  /**
   * Registers a source of answers the HTTP server writes before Fastify routes a GET
   * (app.ts, `answerBeforeRouting`); a no-op when the server does not answer that way.
   */
  answerBeforeRouting: (answer: AnswerBeforeRouting) => void;
}

/**
 * For a GET of `url` by a caller already authenticated from memory: the bytes of its 200
 * answer (JSON) when it is in memory, else null (Fastify then handles the request).
 */
export type AnswerBeforeRouting = (url: string, caller: Caller) => Buffer | null;
