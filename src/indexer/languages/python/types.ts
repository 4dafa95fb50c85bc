/** Python type annotations as the resolver uses them: the one class an annotation names, when it names one. */

/** Splits `text` at top-level occurrences of `sep` (outside brackets and string literals). */
function splitTopLevel(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== '') {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

const WRAPPER = /^(?:typing\.|t\.)?(Optional|Union)\[(.*)\]$/s;
const CLASS_OBJECT = /^(?:(?:typing\.|t\.)?Type|type)\[(.*)\]$/s;
const PATH = /^[\p{ID_Start}_]\p{ID_Continue}*(?:\.[\p{ID_Start}_]\p{ID_Continue}*)*$/u;
/**
 * A class name's start: a letter that is not lower-case (`Foo`, `Größe`, `Ölfass`, and `名前`, whose script has no
 * case), after any underscores. Builtins (`int`, `str`, `list`) and other lower-case names are left out.
 */
const CLASS_START = /^_*(?!\p{Ll})\p{L}/u;

/** What an annotation declares: an instance of the class at dotted path `name`, or (`classObject`) that class itself. */
export interface AnnotatedType {
  name: string;
  classObject: boolean;
}

/**
 * The class an annotation declares: `Foo`, `"Foo"`, `m.Foo`, `Optional[Foo]`, `Foo | None`,
 * `Union[Foo, None]` (None is the only alternative dropped), and `type[Foo]` for the class itself.
 * Null for anything else: builtins and other lower-case names, generics (`list[Foo]`), unions of
 * several classes.
 */
export function annotatedType(text: string, classObject = false): AnnotatedType | null {
  let t = text.trim();
  const quoted = /^(['"])(.*)\1$/s.exec(t);
  if (quoted) t = quoted[2]!.trim();
  const wrapper = WRAPPER.exec(t);
  const parts = (wrapper ? splitTopLevel(wrapper[2]!, ',') : splitTopLevel(t, '|')).filter((p) => p !== 'None' && p !== '');
  if (parts.length !== 1) return null;
  if (parts[0] !== t) return annotatedType(parts[0]!, classObject);
  const inner = CLASS_OBJECT.exec(t);
  if (inner) return classObject ? null : annotatedType(inner[1]!, true);
  if (!PATH.test(t)) return null;
  return CLASS_START.test(t.slice(t.lastIndexOf('.') + 1)) ? { name: t, classObject } : null;
}

/** The return annotation of a `def` signature as extracted (`def f(a, b=1) -> Foo`), or null. */
export function returnAnnotation(signature: string): string | null {
  if (!/^(?:async\s+)?def\s/.test(signature)) return null;
  const open = signature.indexOf('(');
  if (open < 0) return null;
  let depth = 0;
  let quote = '';
  for (let i = open; i < signature.length; i++) {
    const c = signature[i]!;
    if (quote !== '') {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) {
        const rest = signature.slice(i + 1).trim();
        return rest.startsWith('->') ? rest.slice(2).trim() : null;
      }
    }
  }
  return null;
}
