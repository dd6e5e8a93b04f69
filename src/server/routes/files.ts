import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FixtureImage } from '../fixture/schema.js';
import { notFound } from '../domain/errors.js';
import { findImageByToken, storeRenderedPng } from '../storage/images.js';
import type { AppDeps } from '../app-deps.js';

const FILE_NAME = /^([0-9a-f]{32})\.png$/;
const gone = () => notFound('No file exists at this address.');

/**
 * Screenshots and attachments, served without a bearer token: like the hosted service's
 * storage links, the unguessable address is the credential. PNGs are rendered on first
 * request and kept, so later requests are a plain read.
 */
export function fileRoutes(app: FastifyInstance, { db, clock, renderPng }: AppDeps): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/files/:name', { schema: { params: z.object({ name: z.string() }) } }, async (req, reply) => {
      const token = FILE_NAME.exec(req.params.name)?.[1];
      if (!token) throw gone();
      const image = await findImageByToken(db, token);
      if (!image) throw gone();
      if (image.expiresAt !== null && image.expiresAt <= clock.now()) throw gone();
      let png = image.png;
      if (png === null) {
        const spec = FixtureImage.parse(JSON.parse(image.specJson));
        png = renderPng(spec);
        await storeRenderedPng(db, image.id, png);
      }
      return reply.header('Content-Type', 'image/png').header('Cache-Control', 'private, max-age=86400').send(png);
    });
}
