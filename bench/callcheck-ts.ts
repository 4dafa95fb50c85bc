/**
 * Precision and recall of codectx's call edges against the TypeScript type checker:
 * `node dist/bench/callcheck-ts.js <repo dir> <subdir>`. For every call and `new` expression the
 * checker resolves to a declaration inside the analysed files, the (enclosing entity, declared
 * entity) pair is the reference; codectx's `calls` edges are compared with those pairs.
 */
import { join } from 'node:path';
import ts from 'typescript';
import type { Entity } from '../src/graph/types.js';
import { createResolver } from '../src/indexer/resolve/index.js';
import { reportCallCheck } from './callcheck-report.js';
import { extractRepo } from './resolve-bench.js';

/** The smallest entity of a file spanning `line` (named `name` when given). */
export function innermost(entities: readonly Entity[], line: number, name?: string): Entity | undefined {
  let best: Entity | undefined;
  for (const e of entities) {
    if (e.startLine > line || e.endLine < line || (name !== undefined && e.name !== name)) continue;
    if (!best || e.endLine - e.startLine <= best.endLine - best.startLine) best = e;
  }
  return best;
}

async function main(): Promise<void> {
  const [root, under = ''] = process.argv.slice(2);
  if (!root) throw new Error('usage: callcheck-ts <repo dir> <subdir>');
  const { input } = await extractRepo(root, under);
  const tsFiles = [...input.extracts.keys()].filter((f) => /\.(ts|tsx|mts|cts)$/.test(f) && !f.endsWith('.d.ts'));
  const resolver = createResolver(input);
  const entitiesOf = new Map([...input.extracts].map(([f, e]) => [f, e.entities]));

  // The project's own compiler options (module resolution, custom conditions) from the nearest tsconfig.json.
  const configPath = ts.findConfigFile(join(root, under), ts.sys.fileExists);
  const parsed = configPath ? ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} }) : undefined;
  const options = { ...(parsed?.options ?? { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext }), noEmit: true, skipLibCheck: true, types: [] };
  const program = ts.createProgram(tsFiles.map((f) => join(root, f)), options);
  const checker = program.getTypeChecker();
  const reference = new Set<string>();
  const sitesOf = new Map<string, string>();
  let sites = 0;
  let resolvedSites = 0;
  for (const file of tsFiles) {
    const sf = program.getSourceFile(join(root, file));
    const callerEntities = entitiesOf.get(file) ?? [];
    if (!sf) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        sites++;
        let callee: ts.Node = node.expression;
        if (ts.isPropertyAccessExpression(callee)) callee = callee.name;
        let symbol = checker.getSymbolAtLocation(callee);
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
        // A call names a value: where a type shares the name (`type OK<T>` beside `const OK = ...`), the value's declaration.
        const decl = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
        const declFile = decl?.getSourceFile().fileName;
        if (decl && declFile?.startsWith(root)) {
          const rel = declFile.slice(root.length).replace(/^\//, '');
          const line = decl.getSourceFile().getLineAndCharacterOfPosition(decl.getStart()).line + 1;
          const target = innermost(entitiesOf.get(rel) ?? [], line, symbol!.getName());
          const callLine = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          const caller = innermost(callerEntities, callLine);
          if (target && caller) {
            resolvedSites++;
            const pair = `${caller.id}>${target.id}`;
            reference.add(pair);
            if (!sitesOf.has(pair)) sitesOf.set(pair, `${file}:${callLine}: ${node.expression.getText(sf).replace(/\s+/g, ' ').slice(0, 120)}`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  reportCallCheck('tsc', input, resolver, tsFiles, reference, `${tsFiles.length} files, ${sites} call sites, ${resolvedSites} resolved by tsc into the analysed files`, sitesOf);
}

if (process.argv[1]?.endsWith('callcheck-ts.js')) await main();
