/** The part of JSON Schema the home page reads from a game's option schema (GET /api/games → options) to draw its fields. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  default?: unknown;
  description?: string;
  title?: string;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
}
