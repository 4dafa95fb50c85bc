import type { LanguageSupport } from '../types.js';
import { ecmascriptModuleInfo, extractEcmascript } from '../typescript/ecmascript.js';

export const javascriptSupport: LanguageSupport = {
  id: 'javascript',
  extensions: ['.js', '.jsx', '.mjs', '.cjs'],
  minifiable: true,
  grammarFor: () => 'tree-sitter-javascript.wasm',
  moduleInfo: (filePath) => ecmascriptModuleInfo(filePath),
  extract: (input) => extractEcmascript('javascript', 'javascript', input),
};
