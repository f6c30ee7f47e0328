export * from './types';
export * from './errors';
export * from './rng';
export * from './match-state';
export * from './canonical';
export * from './memo';
