"""Reference call targets for bench/callcheck-py: for every call expression, where jedi's goto lands.

Usage: python3 callcheck_jedi.py <root> <relative file>...  Prints one JSON object per resolved call.
"""
import ast
import json
import os
import sys

import jedi
from jedi.inference.gradual import typeshed

# jedi bundles django-stubs (for another Django version) and uses them for any module named `django`;
# their definitions lie outside the analysed tree, so calls into Django would go unscored. Resolve
# against the sources instead.
typeshed.DJANGO_INIT_PATH = typeshed.DJANGO_INIT_PATH.with_name("__absent__.pyi")


def callee_position(node):
    func = node.func
    if isinstance(func, ast.Name):
        return func.lineno, func.col_offset
    if isinstance(func, ast.Attribute) and func.end_lineno is not None:
        return func.end_lineno, func.end_col_offset - len(func.attr)
    return None


def main():
    root = os.path.abspath(sys.argv[1])
    project = jedi.Project(root)
    for rel in sys.argv[2:]:
        path = os.path.join(root, rel)
        with open(path, encoding="utf-8") as handle:
            code = handle.read()
        try:
            tree = ast.parse(code)
        except SyntaxError:
            continue
        script = jedi.Script(code, path=path, project=project)
        sites = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                sites.append(node)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                # A bare decorator (`@cached`) is a call too; `@cached(...)` is already an ast.Call.
                sites.extend(ast.Call(func=d, args=[], keywords=[], lineno=d.lineno) for d in node.decorator_list if not isinstance(d, ast.Call))
        for node in sites:
            position = callee_position(node)
            if position is None:
                continue
            try:
                names = script.goto(position[0], position[1], follow_imports=True)
            except Exception:
                continue
            for name in names[:1]:
                module = str(name.module_path or "")
                if not module.startswith(root + os.sep) or name.line is None:
                    continue
                print(json.dumps({"file": rel, "line": node.lineno, "defFile": os.path.relpath(module, root), "defLine": name.line, "defName": name.name}))


main()
