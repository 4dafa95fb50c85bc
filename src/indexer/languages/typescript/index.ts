import type { LanguageSupport } from '../types.js';
import { ecmascriptModuleInfo, extractEcmascript } from './ecmascript.js';
import { bridgeGrammarGaps, restoreBridged } from './grammar-gaps.js';

export const typescriptSupport: LanguageSupport = {
  id: 'typescript',
  extensions: ['.ts', '.tsx', '.mts', '.cts'],
  minifiable: true,
  grammarFor: (filePath) => (filePath.toLowerCase().endsWith('.tsx') ? 'tree-sitter-tsx.wasm' : 'tree-sitter-typescript.wasm'),
  moduleInfo: (filePath) => ecmascriptModuleInfo(filePath),
  bridgeGrammarGaps,
  restoreBridged,
  extract: (input) => extractEcmascript('typescript', 'typescript', input),
};
