/**
 * SHA-256 and HMAC-SHA256 in pure JavaScript (@noble/hashes), so that the seed
 * derivation and the verification of a match run the same in Node and in the browser.
 */
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/** SHA-256 of a text's UTF-8 bytes. */
export const sha256Bytes = (text: string): Uint8Array => sha256(utf8ToBytes(text));

/** Hex SHA-256 of a text's UTF-8 bytes. */
export const sha256Hex = (text: string): string => bytesToHex(sha256Bytes(text));

/** Hex HMAC-SHA256 of `message` under `key` (both texts, as UTF-8). */
export const hmacSha256Hex = (key: string, message: string): string => bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(message)));
