/** The single HTML page of `codectx serve`: ask for a task's files or search symbols, rendered client-side. */
export const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>codectx</title>
<style>
  body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #222; }
  h1 { font-size: 1.3rem; margin: 0 0 .2rem; } .sub { color: #666; margin-bottom: 1rem; }
  form { display: flex; gap: .5rem; margin-bottom: 1rem; }
  textarea { flex: 1; min-height: 3.5rem; font: inherit; padding: .4rem; }
  select, button { font: inherit; padding: .3rem .6rem; }
  ol { padding-left: 1.4rem; } li { margin-bottom: .8rem; }
  .path { font-family: ui-monospace, monospace; font-weight: 600; }
  .role { font-size: .8rem; background: #eef; border-radius: 3px; padding: 0 .3rem; margin-left: .4rem; }
  .reason { color: #555; } .ent { font-family: ui-monospace, monospace; font-size: .85rem; color: #333; }
  .error { color: #b00; } .meta { color: #777; font-size: .85rem; }
</style>
</head>
<body>
<h1>codectx</h1>
<div class="sub" id="repo"></div>
<form id="ask">
  <textarea id="q" placeholder="Describe a task (e.g. an issue text), or a symbol name to search"></textarea>
  <div style="display:flex;flex-direction:column;gap:.4rem">
    <select id="mode"><option value="context">files for a task</option><option value="search">search symbols</option></select>
    <button type="submit">Ask</button>
  </div>
</form>
<div id="out"></div>
<script>
const out = document.getElementById('out');
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
fetch('api/stats').then((r) => r.json()).then((s) => {
  document.getElementById('repo').textContent = s.repo + ': ' + s.files + ' files, ' + s.entities + ' entities, ' + s.edges + ' edges';
});
document.getElementById('ask').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const q = document.getElementById('q').value;
  const mode = document.getElementById('mode').value;
  const url = mode === 'context' ? 'api/context?task=' + encodeURIComponent(q) : 'api/search?q=' + encodeURIComponent(q);
  out.innerHTML = '<p class="meta">asking...</p>';
  const t0 = performance.now();
  const res = await fetch(url);
  const body = await res.json();
  const ms = Math.round(performance.now() - t0);
  if (!res.ok || body.error) { out.innerHTML = '<p class="error">' + esc(body.error || res.statusText) + '</p>'; return; }
  if (mode === 'context') {
    out.innerHTML = '<p class="meta">keywords: ' + esc(body.keywords.join(', ')) + ' (' + ms + ' ms)</p><ol>' + body.files.map((f) =>
      '<li><span class="path">' + esc(f.file_path) + '</span><span class="role">' + esc(f.primary_role) + '</span> ' +
      '<span class="meta">' + f.score.toFixed(3) + '</span><div class="reason">' + esc(f.reason) + '</div>' +
      f.entities.slice(0, 5).map((e) => '<div class="ent">' + esc(e.fqn) + ' <span class="role">' + esc(e.role) + '</span></div>').join('') + '</li>'
    ).join('') + '</ol>';
  } else {
    out.innerHTML = '<p class="meta">' + body.length + ' matches (' + ms + ' ms)</p><ol>' + body.map((m) =>
      '<li><span class="path">' + esc(m.fqn) + '</span><span class="role">' + esc(m.kind) + '</span><div class="meta">' + esc(m.file_path) + ':' + esc(m.line) + ' · ' + esc(m.match) + '</div></li>'
    ).join('') + '</ol>';
  }
});
</script>
</body>
</html>
`;
