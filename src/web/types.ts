/** The server's bodies as the client reads them (see src/matches/service.ts). */

export type Viewer = string;

export interface LogEntry {
  seq: number;
  to: 'public' | readonly string[];
  text: string;
  data?: Record<string, unknown>;
}

/** A complete action object: sent back to the server as it is. */
export type Action = { type: string } & Record<string, unknown>;

export interface Prompt {
  kind?: string;
  text: string;
  actions: Action[];
}

export interface Result {
  winner: string | null;
  text: string;
  score?: Record<string, number>;
}

export type MatchStatus = 'waiting' | 'active' | 'finished' | 'abandoned';

export interface StateBody {
  id: string;
  game: string;
  seq: number;
  you: Viewer;
  status: MatchStatus;
  view: unknown;
  prompt: Prompt | null;
  log: LogEntry[];
  logFrom: number;
  result: Result | null;
  seedHash: string;
  seed?: string;
  /** Admin replays only: the number of actions in the match. */
  total?: number;
}

export interface SeatLink {
  token: string;
  url: string;
}

export interface CreatedMatch {
  id: string;
  game: string;
  seedHash: string;
  status?: MatchStatus;
  seats: Record<string, SeatLink>;
  spectator: SeatLink;
  /** The creator's token (managing the match), where the server gives one. */
  creator?: { token: string };
}

export interface GameInfo {
  id: string;
  name: string;
  sides: string[];
  /** JSON Schema of the options. */
  options: JsonSchema;
}

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

export interface ErrorBody {
  code: string;
  message: string;
}
