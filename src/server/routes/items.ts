import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENDPOINTS, ItemParams, type ItemsQuery } from '#shared/api/index.js';
import { assignItem } from '../domain/item-assign.js';
import { createItem } from '../domain/item-create.js';
import { getItemDetail } from '../domain/item-detail.js';
import { mergeItems } from '../domain/item-merge.js';
import { postReply } from '../domain/item-reply.js';
import { setStatus } from '../domain/item-status.js';
import { listFromMemory, listItems, listsMadeInWrites } from '../domain/items-list.js';
import { baseUrlOf, callerOf } from '../http/context.js';
import { encodeMadeInWrites, frozenJson } from '../http/frozen-json.js';
import { ValidatedQueries } from '../http/validated-queries.js';
import type { AppDeps } from '../app-deps.js';

export function itemRoutes(app: FastifyInstance, { db, clock, directAnswers, answerBeforeRouting }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { bytes: listBytes, send: sendList } = frozenJson(
    ENDPOINTS.listItems.response,
    'GET',
    ENDPOINTS.listItems.path,
  );
  const queries = new ValidatedQueries<ItemsQuery>();
  if (directAnswers) {
    // A list in memory, asked with a query string validated before, is written before routing (app.ts).
    answerBeforeRouting((url, caller) => {
      const query = queries.get(url);
      const known = query && listFromMemory(db, caller, query);
      return (known && listBytes(known)) || null;
    });
    // Lists a write made (domain/items-list.ts) are encoded during it: the next read writes their bytes.
    encodeMadeInWrites(app, listsMadeInWrites, listBytes);
  }
  r.get(
    ENDPOINTS.listItems.path,
    { schema: { querystring: ENDPOINTS.listItems.query, response: { 200: ENDPOINTS.listItems.response } } },
    (req, reply) => {
      // The query object kept for this URL: lists remember their key by it (domain/items-list.ts).
      const query = queries.remember(req.url, req.query);
      // A list already in memory is sent at once; anything else goes the full (async) way.
      const known = listFromMemory(db, callerOf(req), query);
      if (known) {
        sendList(reply, known);
        return;
      }
      // Not returned: a promise resolving to nothing would make Fastify send again while an
      // async onSend hook (lean mode) still runs. A failure goes to the error handler as usual.
      void listItems(db, callerOf(req), query).then(
        (list) => sendList(reply, list),
        // send(error) goes to the error handler; the type provider types only successful payloads.
        (err: Error) => reply.send(err as never),
      );
    },
  );
  r.get('/items/:itemId', { schema: { params: ItemParams, response: { 200: ENDPOINTS.getItem.response } } }, (req) =>
    getItemDetail(db, callerOf(req), req.params.itemId, { baseUrl: baseUrlOf(req), now: clock.now() }),
  );
  r.post(
    ENDPOINTS.setStatus.path,
    { schema: { body: ENDPOINTS.setStatus.body, response: { 200: ENDPOINTS.setStatus.response } } },
    (req) => setStatus(db, callerOf(req), req.body, clock.now()),
  );
  r.post(
    ENDPOINTS.postUpdate.path,
    { schema: { body: ENDPOINTS.postUpdate.body, response: { 200: ENDPOINTS.postUpdate.response } } },
    (req) => postReply(db, callerOf(req), req.body, clock.now()),
  );
  r.post(
    ENDPOINTS.createItem.path,
    { schema: { body: ENDPOINTS.createItem.body, response: { 200: ENDPOINTS.createItem.response } } },
    (req) => createItem(db, callerOf(req), req.body, clock.now()),
  );
  r.post(
    ENDPOINTS.assign.path,
    { schema: { body: ENDPOINTS.assign.body, response: { 200: ENDPOINTS.assign.response } } },
    (req) => assignItem(db, callerOf(req), req.body, clock.now()),
  );
  r.post(
    ENDPOINTS.mergeItems.path,
    { schema: { body: ENDPOINTS.mergeItems.body, response: { 200: ENDPOINTS.mergeItems.response } } },
    (req) => mergeItems(db, callerOf(req), req.body, clock.now()),
  );
}
