import type { FixtureImage } from '../fixture/schema.js';

/** Renders an image spec to PNG bytes; the default is images/mockup-png.ts, tests may pass their own. */
export type RenderPng = (spec: FixtureImage) => Buffer;
