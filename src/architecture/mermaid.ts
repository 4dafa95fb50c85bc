/** A Mermaid flowchart of components and their dependencies. */
import type { Architecture } from './types.js';

/** Mermaid entity codes for characters that would end or reinterpret a quoted label. */
function escapeLabel(text: string): string {
  return text
    .replace(/#/g, '#35;')
    .replace(/"/g, '#quot;')
    .replace(/</g, '#lt;')
    .replace(/>/g, '#gt;')
    .replace(/\s+/g, ' ');
}

export function toMermaid(arch: Architecture): string {
  const ids = new Map(arch.components.map((c, i) => [c.name, `c${i}`]));
  const lines = ['flowchart LR'];
  arch.components.forEach((c, i) => {
    const size = `${c.entities.length} ${c.entities.length === 1 ? 'entity' : 'entities'}`;
    lines.push(`  c${i}["${escapeLabel(c.name)}<br/>${size}"]`);
  });
  for (const c of arch.components) {
    for (const d of c.depends_on) {
      const target = ids.get(d);
      if (target !== undefined) lines.push(`  ${ids.get(c.name)} --> ${target}`);
    }
  }
  return lines.join('\n') + '\n';
}
