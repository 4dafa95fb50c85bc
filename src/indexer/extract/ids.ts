import { createHash } from 'node:crypto';
import type { EntityKind } from '../../graph/types.js';

/** Stable entity id: the first 16 hex chars of sha1(`${filePath}\0${fqn}\0${kind}`). */
export function entityId(filePath: string, fqn: string, kind: EntityKind): string {
  return createHash('sha1').update(`${filePath}\0${fqn}\0${kind}`).digest('hex').slice(0, 16);
}
