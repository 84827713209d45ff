import { createHash } from 'node:crypto';

/** SHA-256 of a string (UTF-8) or bytes, as lowercase hex: photo hashes, reset-token hashes, request fingerprints. */
export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
