/** Methods declared outside their type's body and file (Go receivers, Rust impl blocks), found by owner name. */
import type { Entity, LanguageId } from '../../graph/types.js';
import type { FileExtract } from '../types.js';

/**
 * Index of methods whose parent is their module: the extractor names them `<prefix><Owner><sep><name>`.
 * `scopeOf` groups files whose types may own each other's methods (a Go package directory, a Rust crate).
 */
export function ownedMembers(
  extracts: ReadonlyMap<string, FileExtract>,
  language: LanguageId,
  sep: string,
  scopeOf: (file: string) => string,
): (type: Entity, name: string) => Entity[] {
  const byKey = new Map<string, Entity[]>();
  for (const [file, extract] of extracts) {
    if (extract.language !== language) continue;
    const moduleId = extract.entities[0]?.id;
    for (const entity of extract.entities) {
      if (entity.kind !== 'method' || entity.parentId !== moduleId) continue;
      const path = entity.fqn.replace(/#\d+$/, '');
      if (!path.endsWith(sep + entity.name)) continue;
      const ownerPath = path.slice(0, -(sep.length + entity.name.length));
      const owner = ownerPath.slice(Math.max(ownerPath.lastIndexOf(sep) + sep.length, ownerPath.lastIndexOf(':') + 1, ownerPath.lastIndexOf('/') + 1));
      const key = `${scopeOf(file)}\0${owner}\0${entity.name}`;
      const list = byKey.get(key);
      if (list) list.push(entity);
      else byKey.set(key, [entity]);
    }
  }
  return (type, name) => (type.kind === 'module' ? [] : byKey.get(`${scopeOf(type.filePath)}\0${type.name}\0${name}`) ?? []);
}
