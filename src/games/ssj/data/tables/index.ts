/**
 * The charts and tables the rule text names but does not print, reconstructed, and the
 * numbers the text does print, as data and small pure lookups. No randomness: every lookup
 * takes the die value (1–6) as an argument.
 *
 * Each reconstructed table says which fixed points of the text it honours; everything else
 * in it is reconstructed and can be replaced by the published values without touching the
 * engine.
 */
export * from './dice';
export * from './anti-ship';
export * from './anti-aircraft';
export * from './bombardment';
export * from './ground-combat';
export * from './detection';
export * from './night-surprise';
export * from './campaign';
export * from './victory';
export * from './air-reach';
