/** Sky, Sea, and JUNGLE's game data: units, bases, calendar and (reconstructed) tables. */
export * from './types';
export * from './tables-types';
export * from './bases';
export * from './ships';
export * from './air';
export * from './ground';
export * from './pt';
export * from './calendar';
export * from './tables';
