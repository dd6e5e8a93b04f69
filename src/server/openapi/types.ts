import type { z } from 'zod';

/**
 * The slice of OpenAPI 3.1 this service emits. Written here rather than taken from
 * openapi-types because its schema types do not accept zod's JSON Schema output, and a
 * narrow type keeps the builder honest about what the document really contains.
 */
export type JsonSchema = z.core.JSONSchema.JSONSchema;

/** A type alias, not an interface: it must also be usable where a JSON Schema goes. */
export type Reference = { $ref: string };

export interface MediaType {
  schema: JsonSchema;
}

export interface Header {
  description: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Response {
  description: string;
  headers?: Record<string, Header>;
  content?: Record<string, MediaType>;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface RequestBody {
  required: boolean;
  content: Record<string, MediaType>;
}

export type SecurityRequirement = Record<string, string[]>;

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: RequestBody;
  responses: Record<string, Response | Reference>;
  security?: SecurityRequirement[];
}

export type HttpMethod = 'get' | 'post';
export type PathItem = Partial<Record<HttpMethod, Operation>>;

export interface SecurityScheme {
  type: 'http';
  scheme: 'bearer';
  description: string;
}

export interface OpenApiDocument {
  openapi: string;
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  security: SecurityRequirement[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, SecurityScheme>;
  };
}

export const OPENAPI_VERSION = '3.1.1';
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';
