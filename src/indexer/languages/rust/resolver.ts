/** Rust: `use` paths through the crate module tree (`crate::`, `super::`, `self::`, `mod` files), impl methods. */
import { posix } from 'node:path';
import type { ImportBinding, LanguageResolver, ModuleTarget, ProjectFileFacts, RepoView } from '../../resolve/language.js';
import { ownedMembers } from '../../resolve/owned-members.js';

const PRELUDE = new Set(
  'Some None Ok Err Option Result Box Vec String ToString ToOwned Clone Copy Default Drop Iterator IntoIterator Into From AsRef PartialEq Eq PartialOrd Ord Debug Send Sync Sized Fn FnMut FnOnce drop'.split(' '),
);
const COMMON_METHODS = new Set(
  'new clone to_string to_owned into from unwrap expect unwrap_or unwrap_or_else map and_then ok_or iter into_iter collect push pop len is_empty get insert remove contains as_ref as_str borrow borrow_mut lock fmt eq cmp default next'.split(' '),
);

/** The crate's name in a Cargo.toml (its first `name = "..."`), all the resolver reads of it. */
function crateName(manifest: string): string | undefined {
  return /^\s*name\s*=\s*"([^"]+)"/m.exec(manifest)?.[1];
}

export const cargoProjectFileFacts: ProjectFileFacts = {
  accepts: (relPath) => relPath === 'Cargo.toml' || relPath.endsWith('/Cargo.toml'),
  facts: (text) => crateName(text) ?? null,
};

/** Crate root directory (the `src` holding lib.rs or main.rs) and module path of a file inside it. */
function crateModule(file: string, files: ReadonlySet<string>): { root: string; path: string[] } | null {
  const parts = file.split('/');
  for (let i = parts.length - 1; i >= 0; i--) {
    const root = parts.slice(0, i).join('/');
    const prefix = root === '' ? '' : root + '/';
    if (!files.has(prefix + 'lib.rs') && !files.has(prefix + 'main.rs')) continue;
    const rel = parts.slice(i);
    const last = rel.pop()!.replace(/\.rs$/, '');
    if (rel.length === 0 && (last === 'lib' || last === 'main')) return { root, path: [] };
    if (last !== 'mod') rel.push(last);
    return { root, path: rel };
  }
  return null;
}

export function rustResolver(repo: RepoView): LanguageResolver {
  const modules = new Map<string, string>();
  const moduleOf = new Map<string, { root: string; path: string[] }>();
  const crates = new Map<string, string>();
  for (const [file, extract] of repo.extracts) {
    if (extract.language !== 'rust') continue;
    const info = crateModule(file, repo.files);
    if (!info) continue;
    moduleOf.set(file, info);
    modules.set(`${info.root}\0${info.path.join('::')}`, file);
    if (info.path.length === 0) {
      const name = crateName(repo.readFile(posix.join(posix.dirname(info.root || '.'), 'Cargo.toml')) ?? '');
      if (name) crates.set(name.replace(/-/g, '_'), info.root);
    }
  }
  const at = (root: string, path: string[]): ModuleTarget | null => {
    const file = modules.get(`${root}\0${path.join('::')}`);
    return file ? { kind: 'files', files: [file], key: `${root}\0${path.join('::')}` } : null;
  };
  return {
    separator: '::',
    selfReceivers: new Set(['self', 'Self']),
    classReceiver: null,
    superReceiver: null,
    importsAreMembers: false,
    classMembersInScope: false,
    builtinModule: (name) => (PRELUDE.has(name) ? 'std' : null),
    isCommonMethod: (name) => COMMON_METHODS.has(name),
    resolveModule(specifier, fromFile) {
      const parts = specifier.split('::').filter((p) => p !== '');
      const here = moduleOf.get(fromFile);
      let root: string | undefined;
      let path: string[];
      if (parts[0] === 'crate' && here) [root, path] = [here.root, parts.slice(1)];
      else if ((parts[0] === 'self' || parts[0] === 'super') && here) {
        path = [...here.path];
        let i = 0;
        if (parts[0] === 'self') i = 1;
        for (; parts[i] === 'super'; i++) path.pop();
        root = here.root;
        path = [...path, ...parts.slice(i)];
      } else if (crates.has(parts[0] ?? '')) [root, path] = [crates.get(parts[0]!)!, parts.slice(1)];
      else if (here && at(here.root, [...here.path, ...parts])) [root, path] = [here.root, [...here.path, ...parts]];
      else return { kind: 'external', module: specifier };
      return at(root, path);
    },
    importBindings(imp): ImportBinding[] {
      if (imp.wildcard) return [];
      const out: ImportBinding[] = imp.names.map(({ name, alias }) => ({ local: alias ?? name, member: name }));
      if (imp.names.length === 0) out.push({ local: imp.alias ?? imp.module.split('::').pop()! });
      return out;
    },
    submodule: (module, name) => {
      const [root, joined] = module.key.split('\0') as [string, string];
      const path = joined === '' ? [] : joined.split('::');
      if (name === 'super') return at(root, path.slice(0, -1));
      return name === 'self' ? at(root, path) : at(root, [...path, name]);
    },
    childModule: (file, name) => {
      const here = moduleOf.get(file);
      if (!here) return null;
      if (name === 'crate') return at(here.root, []);
      if (name === 'super') return at(here.root, here.path.slice(0, -1));
      if (name === 'self') return at(here.root, here.path);
      return at(here.root, [...here.path, name]);
    },
    extraMembers: ownedMembers(repo.extracts, 'rust', '::', (file) => moduleOf.get(file)?.root ?? ''),
  };
}
