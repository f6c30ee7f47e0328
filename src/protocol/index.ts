/**
 * The protocol: everything that crosses the wire between the server and its clients,
 * typed once. The server checks its HTTP answers against these schemas; the web client
 * imports the types only (`import type`, enforced by src/web/tsconfig.json's
 * verbatimModuleSyntax and the lint's layers rule), so none of this reaches its bundle.
 * Each game's view types: src/protocol/games/<game>.ts.
 */
export * from './common';
export * from './state';
export * from './lobby';
export * from './chat';
export * from './archive';
export * from './answers';
export * from './push';
export * from './history';
export type * from './socket';
