/**
 * The repository-wide questions resolution asks (what a module specifier denotes, which definitions
 * carry a name...). Each is recorded with its answer so an update can ask it again on the new
 * snapshot: an unchanged answer means the asking file needs no re-resolution on its account.
 */
import type { Entity } from '../../graph/types.js';
import type { DepTracker } from './dependencies.js';
import type { LanguageGroup, LanguageResolver, ModuleTarget } from './language.js';
import type { RepoIndex } from './repo-index.js';

type Question =
  | ['module', LanguageGroup, string, string]
  | ['submodule', LanguageGroup, string, string, ...string[]]
  | ['child', LanguageGroup, string, string]
  | ['package', LanguageGroup, string]
  | ['extra', LanguageGroup, string, string]
  | ['defs', LanguageGroup, string]
  | ['methods', LanguageGroup, string];

function targetAnswer(target: ModuleTarget | { files: readonly string[]; key: string } | null): string {
  if (!target) return '';
  if ('kind' in target && target.kind === 'external') return JSON.stringify(['x', target.module]);
  return JSON.stringify(['f', target.key, ...target.files]);
}

/** Which entities: the one id when unique, otherwise just how many (the engine never picks among several). */
function candidatesAnswer(found: readonly Entity[]): string {
  return found.length === 1 ? found[0]!.id : String(Math.min(found.length, 2));
}

export class RepoQueries {
  private readonly moduleTargets = new Map<string, { target: ModuleTarget | null; answer: string }>();

  constructor(
    private readonly index: RepoIndex,
    private readonly resolvers: ReadonlyMap<LanguageGroup, LanguageResolver>,
    private readonly tracker: DepTracker,
  ) {}

  moduleTarget(group: LanguageGroup, specifier: string, fromFile: string): ModuleTarget | null {
    const key = JSON.stringify(['module', group, specifier, fromFile] satisfies Question);
    let known = this.moduleTargets.get(key);
    if (known === undefined) {
      const target = this.resolvers.get(group)?.resolveModule(specifier, fromFile) ?? null;
      this.moduleTargets.set(key, (known = { target, answer: targetAnswer(target) }));
    }
    this.tracker.asked(key, known.answer);
    return known.target;
  }

  submodule(group: LanguageGroup, module: { files: readonly string[]; key: string }, name: string): ModuleTarget | null {
    const found = this.resolvers.get(group)?.submodule?.(module, name) ?? null;
    this.record(['submodule', group, module.key, name, ...module.files], targetAnswer(found));
    return found;
  }

  childModule(group: LanguageGroup, file: string, name: string): ModuleTarget | null {
    const found = this.resolvers.get(group)?.childModule?.(file, name) ?? null;
    this.record(['child', group, file, name], targetAnswer(found));
    return found;
  }

  packageOf(group: LanguageGroup, file: string): { files: readonly string[]; key: string } | null {
    const found = this.resolvers.get(group)?.packageOf?.(file) ?? null;
    this.record(['package', group, file], targetAnswer(found));
    return found;
  }

  extraMembers(group: LanguageGroup, type: Entity, name: string): Entity[] {
    const found = this.resolvers.get(group)?.extraMembers?.(type, name) ?? [];
    this.record(['extra', group, type.id, name], JSON.stringify(found.map((e) => e.id)));
    return found;
  }

  definitionsNamed(group: LanguageGroup, name: string): readonly Entity[] {
    const found = this.index.definitionsNamed(group, name);
    this.record(['defs', group, name], candidatesAnswer(found));
    return found;
  }

  methodsNamed(group: LanguageGroup, name: string): readonly Entity[] {
    const found = this.index.methodsNamed(group, name);
    this.record(['methods', group, name], candidatesAnswer(found));
    return found;
  }

  /** The answer an encoded question gets on this snapshot, without recording it. */
  answer(encoded: string): string {
    const [kind, group, a = '', b = '', ...rest] = JSON.parse(encoded) as [Question[0], LanguageGroup, string?, string?, ...string[]];
    const lang = this.resolvers.get(group);
    switch (kind) {
      case 'module':
        return targetAnswer(lang?.resolveModule(a, b) ?? null);
      case 'submodule':
        return targetAnswer(lang?.submodule?.({ key: a, files: rest }, b) ?? null);
      case 'child':
        return targetAnswer(lang?.childModule?.(a, b) ?? null);
      case 'package':
        return targetAnswer(lang?.packageOf?.(a) ?? null);
      case 'extra': {
        const type = this.index.entityById.get(a);
        // The type itself is gone: its file changed, so the asker is re-resolved anyway.
        return type ? JSON.stringify((lang?.extraMembers?.(type, b) ?? []).map((e) => e.id)) : 'gone';
      }
      case 'defs':
        return candidatesAnswer(this.index.definitionsNamed(group, a));
      case 'methods':
        return candidatesAnswer(this.index.methodsNamed(group, a));
      default:
        return 'unknown';
    }
  }

  private record(question: Question, answer: string): void {
    this.tracker.asked(JSON.stringify(question), answer);
  }
}
