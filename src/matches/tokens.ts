/** Tokens and the hashes that are stored in their place. */
import { randomBytes } from 'node:crypto';
import { nanoid } from 'nanoid';
import { sha256Hex } from '../engine/hash';

/** Hex sha256 of a text (the engine's, so one function hashes everywhere): a token's stored hash, a seed's published commitment. */
export const sha256 = sha256Hex;
/** The hash a seat, creator or admin token is stored and compared as. */
export const hashToken = sha256;
export const newToken = () => nanoid(32);
/** A webhook's signing key, or a match's seed: 32 random bytes in hex. */
export const newSecret = () => randomBytes(32).toString('hex');
