/** Registry of supported languages, keyed by file extension. */
import { extname } from 'node:path';
import { goSupport } from './go/index.js';
import { javaSupport } from './java/index.js';
import { javascriptSupport } from './javascript/index.js';
import { pythonSupport } from './python/index.js';
import { rustSupport } from './rust/index.js';
import type { LanguageSupport } from './types.js';
import { typescriptSupport } from './typescript/index.js';

export const allLanguages: readonly LanguageSupport[] = [
  pythonSupport,
  typescriptSupport,
  javascriptSupport,
  goSupport,
  javaSupport,
  rustSupport,
];

const byExtension = new Map<string, LanguageSupport>();
for (const language of allLanguages) for (const ext of language.extensions) byExtension.set(ext, language);

export function languageForPath(path: string): LanguageSupport | undefined {
  return byExtension.get(extname(path).toLowerCase());
}
