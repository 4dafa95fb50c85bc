/** Python module names from the import roots of a ProjectLayout. */
import { fileSet } from '../../extract/files.js';
import type { ProjectLayout } from '../../types.js';

function dottedFrom(relPath: string): string {
  const parts = relPath.replace(/\.pyi?$/, '').split('/');
  if (parts.length > 1 && parts[parts.length - 1] === '__init__') parts.pop();
  return parts.join('.');
}

/**
 * The dotted module name of a Python file: its path from the deepest import root under which every
 * directory is a package (has `__init__.py`); files under no such root get their whole path dotted.
 * `pkg/__init__.py` is module `pkg`.
 */
export function pythonModuleName(filePath: string, layout: ProjectLayout): string {
  const files = fileSet(layout.files);
  const roots = [...layout.pythonRoots].sort((a, b) => b.length - a.length);
  for (const root of roots) {
    if (root !== '' && !filePath.startsWith(root + '/')) continue;
    const rel = root === '' ? filePath : filePath.slice(root.length + 1);
    const dirs = rel.split('/').slice(0, -1);
    let proper = true;
    for (let i = 1; i <= dirs.length && proper; i++) {
      const dir = (root === '' ? '' : root + '/') + dirs.slice(0, i).join('/');
      proper = files.has(dir + '/__init__.py') || files.has(dir + '/__init__.pyi');
    }
    if (proper) return dottedFrom(rel);
  }
  return dottedFrom(filePath);
}
