import * as crypto from 'node:crypto';
import type { EntityKind } from '../../graph/types.js';

/** One-shot hashing (Node >= 20.12) is cheaper than a Hash object per id; older Node builds one. */
const sha1Hex: (text: string) => string =
  typeof crypto.hash === 'function' ? (text) => crypto.hash('sha1', text) : (text) => crypto.createHash('sha1').update(text).digest('hex');

/** Stable entity id: the first 16 hex chars of sha1(`${filePath}\0${fqn}\0${kind}`). */
export function entityId(filePath: string, fqn: string, kind: EntityKind): string {
  return sha1Hex(`${filePath}\0${fqn}\0${kind}`).slice(0, 16);
}
