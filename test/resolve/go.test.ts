/**
 * Go resolution end to end: small repositories extracted with the real extractor and resolved, asserting every
 * edge and external reference they give.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createResolver } from '../../src/indexer/resolve/index.js';
import { describeEdges, describeExternals, inputFor, resolveAll } from './helpers.js';

async function resolved(files: Record<string, string>): Promise<{ edges: string[]; externals: string[] }> {
  const input = await inputFor(new Map(Object.entries(files)));
  const results = resolveAll(createResolver(input), input.extracts.keys());
  return { edges: describeEdges(input, results), externals: describeExternals(input, results) };
}

const lines = (...text: string[]): string => text.join('\n') + '\n';

const GO_MOD = 'module example.com/m\n\ngo 1.22\n';
const POL = lines('package pol', '', 'type Policy struct{ Name string }', '', 'func (p Policy) IsNone() bool { return p.Name == "" }');

test('go embedded structs: a named field wins over promotion, and of several embedded outside types none is picked', async () => {
  const { edges, externals } = await resolved({
    'go.mod': GO_MOD,
    'pol/pol.go': POL,
    'rm/rm.go': lines(
      'package rm',
      '',
      'import (',
      '\t"sync"',
      '',
      '\t"example.com/m/pol"',
      ')',
      '',
      'type Manager struct {',
      '\tsync.Mutex',
      '\tsync.Once',
      '\tpolicy pol.Policy',
      '}',
      '',
      'func (m *Manager) Should() bool {',
      '\tm.Lock()',
      '\tdefer m.Unlock()',
      '\tm.Do(func() {})',
      '\treturn m.policy.IsNone()',
      '}',
    ),
  });
  assert.deepEqual(edges, [
    'example.com/m/pol.Policy.IsNone -references-> example.com/m/pol.Policy',
    'example.com/m/rm.Manager -references-> example.com/m/pol.Policy',
    'example.com/m/rm.Manager.Should -calls-> example.com/m/pol.Policy.IsNone',
    'example.com/m/rm.Manager.Should -references-> example.com/m/rm.Manager',
    'example.com/m/rm/rm.go -imports-> example.com/m/pol/pol.go',
  ]);
  // Lock, Unlock and Do belong to sync.Mutex or sync.Once: which one is not known, so neither is recorded.
  assert.deepEqual(externals, ['example.com/m/rm.Manager -inherits-> sync:Mutex', 'example.com/m/rm.Manager -inherits-> sync:Once', 'example.com/m/rm/rm.go -imports-> sync:']);
});

test('go struct fields: typed fields resolve, an embedded field is named by its type, one embedded outside type has the rest', async () => {
  const { edges, externals } = await resolved({
    'go.mod': GO_MOD,
    'srv/srv.go': lines(
      'package srv',
      '',
      'import "sync"',
      '',
      'type Store struct{}',
      '',
      'func (s *Store) Get() int { return 0 }',
      '',
      'type Server struct {',
      '\tsync.Mutex',
      '\tstore    *Store',
      '\tBackup   Store',
      '\tonChange func()',
      '}',
      '',
      '// Store is named as the type of its result and of the field store: the type Store is meant in both.',
      'func (s *Server) Store() *Store { return s.store }',
      '',
      'func (s *Server) Run() {',
      '\ts.Lock()',
      '\ts.Mutex.Unlock()',
      '\ts.store.Get()',
      '\ts.Backup.Get()',
      '\ts.onChange()',
      '}',
    ),
  });
  assert.deepEqual(edges, [
    'example.com/m/srv.Server -references-> example.com/m/srv.Store',
    'example.com/m/srv.Server.Run -calls-> example.com/m/srv.Store.Get',
    'example.com/m/srv.Server.Run -references-> example.com/m/srv.Server',
    'example.com/m/srv.Server.Store -references-> example.com/m/srv.Server',
    'example.com/m/srv.Server.Store -references-> example.com/m/srv.Store',
    'example.com/m/srv.Store.Get -references-> example.com/m/srv.Store',
  ]);
  // s.onChange() calls a field holding a function, no member of sync.Mutex.
  assert.deepEqual(externals, [
    'example.com/m/srv.Server -inherits-> sync:Mutex',
    'example.com/m/srv.Server.Run -calls-> sync:Mutex.Lock',
    'example.com/m/srv.Server.Run -calls-> sync:Mutex.Unlock',
    'example.com/m/srv/srv.go -imports-> sync:',
  ]);
});
