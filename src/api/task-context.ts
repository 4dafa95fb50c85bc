/** context_for_task on an opened repository (or a narrowed view of it), with the repository's stored synonyms. */
import type { LoadedGraph } from '../graph/memory.js';
import { contextForTask, type ArchitectureLike, type ContextForTaskResult } from '../retrieval/context-for-task.js';
import { loadSynonyms } from './context.js';
import type { RepoHandle } from './repo.js';

export { DEFAULT_MAX_FILES, type ArchitectureLike, type ContextForTaskResult } from '../retrieval/context-for-task.js';

export function contextForTaskOnRepo(
  handle: RepoHandle,
  graph: LoadedGraph,
  task: string,
  options: { architecture?: ArchitectureLike; maxFiles?: number } = {},
): ContextForTaskResult {
  return contextForTask(graph, task, { architecture: options.architecture, maxFiles: options.maxFiles, synonyms: loadSynonyms(handle.store) });
}
