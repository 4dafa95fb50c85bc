/** Python module names from the import roots of a ProjectLayout. */
import { fileSet } from '../../extract/files.js';
import type { ProjectLayout } from '../../types.js';

function dottedFrom(relPath: string): string {
  const parts = relPath.replace(/\.pyi?$/, '').split('/');
  if (parts.length > 1 && parts[parts.length - 1] === '__init__') parts.pop();
  return parts.join('.');
}

/**
 * The dotted module name of a Python file: its path from the deepest import root under which its top
 * directory is a package (has `__init__.py`), or under which it sits directly; directories below a
 * package without `__init__.py` are namespace packages inside it (`src/flask/sansio/app.py` is
 * `flask.sansio.app`). Files under no such root get their whole path dotted. `pkg/__init__.py` is `pkg`.
 */
export function pythonModuleName(filePath: string, layout: ProjectLayout): string {
  const files = fileSet(layout.files);
  for (const root of layout.pythonRoots) {
    if (root !== '' && !filePath.startsWith(root + '/')) continue;
    const rel = root === '' ? filePath : filePath.slice(root.length + 1);
    const top = rel.includes('/') ? (root === '' ? '' : root + '/') + rel.slice(0, rel.indexOf('/')) : null;
    if (top === null || files.has(top + '/__init__.py') || files.has(top + '/__init__.pyi')) return dottedFrom(rel);
  }
  return dottedFrom(filePath);
}
