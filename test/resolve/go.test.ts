/**
 * Go resolution end to end: small repositories extracted with the real extractor and resolved, asserting every
 * edge and external reference they give.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEdges, describeExternals, lines, resolveRepo } from './helpers.js';

async function resolved(files: Record<string, string>): Promise<{ edges: string[]; externals: string[]; importedFiles: string[] }> {
  const { input, results } = await resolveRepo(new Map(Object.entries(files)));
  // FQNs do not tell a package from its vendored copy: the files imports lead to do.
  const fileOf = new Map<string, string>();
  for (const extract of input.extracts.values()) for (const e of extract.entities) fileOf.set(e.id, e.filePath);
  const importedFiles = [...results.values()].flatMap((r) => r.edges.filter((e) => e.kind === 'imports').map((e) => `${fileOf.get(e.source)} -> ${fileOf.get(e.target)}`));
  return { edges: describeEdges(input, results), externals: describeExternals(input, results), importedFiles: importedFiles.sort() };
}

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

test('go calls through parameters, fields, results of functions and methods, method chains and type assertions', async () => {
  const { edges, externals } = await resolved({
    'go.mod': GO_MOD,
    'rm/rm.go': lines(
      'package rm',
      '',
      'type RestartManager struct{}',
      '',
      'func (r *RestartManager) ShouldRestart(code int) bool { return code != 0 }',
      '',
      'func New() *RestartManager { return &RestartManager{} }',
    ),
    'assert/assert.go': lines('package assert', '', 'type TestingT interface{ Parallel() }'),
    'ctr/ctr.go': lines(
      'package ctr',
      '',
      'import (',
      '\t"testing"',
      '',
      '\t"example.com/m/rm"',
      ')',
      '',
      'type Store struct{}',
      '',
      'func (s *Store) Get(id string) (*Container, error) { return nil, nil }',
      '',
      'type Container struct {',
      '\trestartManager *rm.RestartManager',
      '}',
      '',
      'func (c *Container) RestartManager() *rm.RestartManager { return c.restartManager }',
      '',
      'func (c *Container) ShouldRestart() bool { return c.RestartManager().ShouldRestart(1) }',
      '',
      'func (c *Container) Start() error { return nil }',
      '',
      'type Daemon struct{ store *Store }',
      '',
      'func (d *Daemon) start(ctr *Container) error { return ctr.Start() }',
      '',
      'func (d *Daemon) Restart(id string) bool {',
      '\tctr, err := d.store.Get(id)',
      '\tif err != nil {',
      '\t\treturn false',
      '\t}',
      '\tm := rm.New()',
      '\t_ = m.ShouldRestart(0)',
      '\treturn ctr.ShouldRestart()',
      '}',
      '',
      'func (d *Daemon) find(v any) {',
      '\tv.(*Container).Start()',
      '\tnew(Container).Start()',
      '\teach(func(c *Container) { c.Start() })',
      '}',
      '',
      'func each(f func(c *Container)) {}',
      '',
      'func TestRestart(t *testing.T) {',
      '\tt.Parallel()',
      '}',
    ),
  });
  assert.deepEqual(edges, [
    'example.com/m/ctr.Container -references-> example.com/m/rm.RestartManager',
    'example.com/m/ctr.Container.RestartManager -references-> example.com/m/ctr.Container',
    'example.com/m/ctr.Container.RestartManager -references-> example.com/m/rm.RestartManager',
    'example.com/m/ctr.Container.ShouldRestart -calls-> example.com/m/ctr.Container.RestartManager',
    'example.com/m/ctr.Container.ShouldRestart -calls-> example.com/m/rm.RestartManager.ShouldRestart',
    'example.com/m/ctr.Container.ShouldRestart -references-> example.com/m/ctr.Container',
    'example.com/m/ctr.Container.Start -references-> example.com/m/ctr.Container',
    'example.com/m/ctr.Daemon -references-> example.com/m/ctr.Store',
    'example.com/m/ctr.Daemon.Restart -calls-> example.com/m/ctr.Container.ShouldRestart',
    'example.com/m/ctr.Daemon.Restart -calls-> example.com/m/ctr.Store.Get',
    'example.com/m/ctr.Daemon.Restart -calls-> example.com/m/rm.New',
    'example.com/m/ctr.Daemon.Restart -calls-> example.com/m/rm.RestartManager.ShouldRestart',
    'example.com/m/ctr.Daemon.Restart -references-> example.com/m/ctr.Daemon',
    'example.com/m/ctr.Daemon.find -calls-> example.com/m/ctr.Container.Start',
    'example.com/m/ctr.Daemon.find -calls-> example.com/m/ctr.each',
    'example.com/m/ctr.Daemon.find -references-> example.com/m/ctr.Container',
    'example.com/m/ctr.Daemon.find -references-> example.com/m/ctr.Daemon',
    'example.com/m/ctr.Daemon.start -calls-> example.com/m/ctr.Container.Start',
    'example.com/m/ctr.Daemon.start -references-> example.com/m/ctr.Container',
    'example.com/m/ctr.Daemon.start -references-> example.com/m/ctr.Daemon',
    'example.com/m/ctr.Store.Get -references-> example.com/m/ctr.Container',
    'example.com/m/ctr.Store.Get -references-> example.com/m/ctr.Store',
    'example.com/m/ctr.each -references-> example.com/m/ctr.Container',
    'example.com/m/ctr/ctr.go -imports-> example.com/m/rm/rm.go',
    'example.com/m/rm.New -calls-> example.com/m/rm.RestartManager',
    'example.com/m/rm.New -references-> example.com/m/rm.RestartManager',
    'example.com/m/rm.RestartManager.ShouldRestart -references-> example.com/m/rm.RestartManager',
  ]);
  // t is a *testing.T: its Parallel is testing's, not the one Parallel method of the repository (assert.TestingT).
  assert.deepEqual(externals, [
    'example.com/m/ctr.Daemon.find -calls-> builtin:new',
    'example.com/m/ctr.TestRestart -calls-> testing:T.Parallel',
    'example.com/m/ctr.TestRestart -references-> testing:T',
    'example.com/m/ctr/ctr.go -imports-> testing:',
  ]);
});

test('go: a variable hides an imported package only from its declaration on, and never where a type is written', async () => {
  const { edges, externals } = await resolved({
    'go.mod': GO_MOD,
    'page/page.go': lines('package page', '', 'type Page interface{ Title() string }', '', 'func Summary(p Page) string { return p.Title() }'),
    'watcher/watcher.go': lines(
      'package watcher',
      '',
      'type Watcher struct{}',
      '',
      'func New() (*Watcher, error) { return &Watcher{}, nil }',
      '',
      'func (w *Watcher) Add(name string) error { return nil }',
    ),
    'use/use.go': lines(
      'package use',
      '',
      'import (',
      '\t"example.com/m/page"',
      '\t"example.com/m/watcher"',
      ')',
      '',
      'func check(page page.Page) string { return page.Title() }',
      '',
      'func summary(p page.Page) string {',
      '\ts := page.Summary(p)',
      '\tpage := p',
      '\treturn s + page.Title()',
      '}',
      '',
      'func watch() error {',
      '\twatcher, err := watcher.New()',
      '\tif err != nil {',
      '\t\treturn err',
      '\t}',
      '\treturn watcher.Add("x")',
      '}',
    ),
  });
  // Scopes have no positions: a variable named as an imported package is not bound, so the package is what the name
  // means above its declaration (page.Summary, watcher.New); below it, page.Title() and watcher.Add() stay unresolved.
  assert.deepEqual(edges, [
    'example.com/m/page.Summary -calls-> example.com/m/page.Page.Title',
    'example.com/m/page.Summary -references-> example.com/m/page.Page',
    'example.com/m/use.check -calls-> example.com/m/page.Page.Title',
    'example.com/m/use.check -references-> example.com/m/page.Page',
    'example.com/m/use.summary -calls-> example.com/m/page.Summary',
    'example.com/m/use.summary -references-> example.com/m/page.Page',
    'example.com/m/use.watch -calls-> example.com/m/watcher.New',
    'example.com/m/use/use.go -imports-> example.com/m/page/page.go',
    'example.com/m/use/use.go -imports-> example.com/m/watcher/watcher.go',
    'example.com/m/watcher.New -calls-> example.com/m/watcher.Watcher',
    'example.com/m/watcher.New -references-> example.com/m/watcher.Watcher',
    'example.com/m/watcher.Watcher.Add -references-> example.com/m/watcher.Watcher',
  ]);
  assert.deepEqual(externals, []);
});

test('go vendor/: a vendored package is the package of its import path, and imports resolve to it (a replaced module to its directory)', async () => {
  const { edges, externals, importedFiles } = await resolved({
    'go.mod': lines('module example.com/app', '', 'go 1.22', '', 'require (', '\tgithub.com/containerd/log v0.1.0', '\texample.com/app/api v1.0.0', ')', '', 'replace example.com/app/api => ./api'),
    'vendor/modules.txt': lines(
      '# example.com/app/api v1.0.0 => ./api',
      '## explicit; go 1.22',
      'example.com/app/api/types',
      '# github.com/containerd/log v0.1.0',
      '## explicit; go 1.20',
      'github.com/containerd/log',
      '# github.com/sirupsen/logrus v1.9.3',
      '## explicit; go 1.13',
      'github.com/sirupsen/logrus',
    ),
    'vendor/github.com/sirupsen/logrus/entry.go': lines('package logrus', '', 'type Entry struct{}', '', 'func (e *Entry) Info(args ...any) {}'),
    'vendor/github.com/containerd/log/context.go': lines(
      'package log',
      '',
      'import (',
      '\t"context"',
      '',
      '\t"github.com/sirupsen/logrus"',
      ')',
      '',
      'type Entry = logrus.Entry',
      '',
      'func G(ctx context.Context) *logrus.Entry { return &logrus.Entry{} }',
    ),
    // A copy of ./api made by `go mod vendor`: imports of example.com/app/api/types lead to ./api/types.
    'vendor/example.com/app/api/types/types.go': lines('package types', '', 'type Info struct{}'),
    'api/go.mod': lines('module example.com/app/api', '', 'go 1.22'),
    'api/types/types.go': lines('package types', '', 'type Info struct{}'),
    'daemon/daemon.go': lines(
      'package daemon',
      '',
      'import (',
      '\t"context"',
      '',
      '\t"example.com/app/api/types"',
      '\t"github.com/containerd/log"',
      ')',
      '',
      'func Run(ctx context.Context) types.Info {',
      '\tlog.G(ctx).Info("started")',
      '\treturn types.Info{}',
      '}',
    ),
  });
  assert.deepEqual(edges, [
    'example.com/app/daemon.Run -calls-> example.com/app/api/types.Info',
    'example.com/app/daemon.Run -calls-> github.com/containerd/log.G',
    'example.com/app/daemon.Run -calls-> github.com/sirupsen/logrus.Entry.Info',
    'example.com/app/daemon.Run -references-> example.com/app/api/types.Info',
    'example.com/app/daemon/daemon.go -imports-> example.com/app/api/types/types.go',
    'example.com/app/daemon/daemon.go -imports-> github.com/containerd/log/context.go',
    'github.com/containerd/log.Entry -references-> github.com/sirupsen/logrus.Entry',
    'github.com/containerd/log.G -calls-> github.com/sirupsen/logrus.Entry',
    'github.com/containerd/log.G -references-> github.com/sirupsen/logrus.Entry',
    'github.com/containerd/log/context.go -imports-> github.com/sirupsen/logrus/entry.go',
    'github.com/sirupsen/logrus.Entry.Info -references-> github.com/sirupsen/logrus.Entry',
  ]);
  assert.deepEqual(importedFiles, [
    'daemon/daemon.go -> api/types/types.go',
    'daemon/daemon.go -> vendor/github.com/containerd/log/context.go',
    'vendor/github.com/containerd/log/context.go -> vendor/github.com/sirupsen/logrus/entry.go',
  ]);
  assert.deepEqual(externals, [
    'example.com/app/daemon.Run -references-> context:Context',
    'example.com/app/daemon/daemon.go -imports-> context:',
    'github.com/containerd/log.G -references-> context:Context',
    'github.com/containerd/log/context.go -imports-> context:',
  ]);
});

test('go: what an outside function gives is outside too, so its methods are never guessed by name in the repository', async () => {
  const { edges, externals } = await resolved({
    'go.mod': GO_MOD,
    'ssh/ssh.go': lines(
      'package ssh',
      '',
      'type Session struct{}',
      '',
      'func (s *Session) CombinedOutput() ([]byte, error) { return nil, nil }',
      '',
      'type Clock struct{}',
      '',
      'func (c Clock) UnixNano() int64 { return 0 }',
    ),
    'run/run.go': lines(
      'package run',
      '',
      'import (',
      '\t"os/exec"',
      '\t"time"',
      ')',
      '',
      'func run() int64 {',
      '\tcmd := exec.Command("ls")',
      '\tcmd.CombinedOutput()',
      '\treturn time.Now().UnixNano()',
      '}',
    ),
  });
  assert.deepEqual(edges, ['example.com/m/ssh.Clock.UnixNano -references-> example.com/m/ssh.Clock', 'example.com/m/ssh.Session.CombinedOutput -references-> example.com/m/ssh.Session']);
  assert.deepEqual(externals, [
    'example.com/m/run.run -calls-> os/exec:Command',
    'example.com/m/run.run -calls-> time:Now',
    'example.com/m/run/run.go -imports-> os/exec:',
    'example.com/m/run/run.go -imports-> time:',
  ]);
});

test('go: the variables a package declares in one file are known in its other files', async () => {
  const { edges } = await resolved({
    'go.mod': GO_MOD,
    'env/env.go': lines(
      'package env',
      '',
      'type Execution struct{}',
      '',
      'func (e *Execution) APIClient() {}',
      '',
      'func (e *Execution) IsLocalDaemon() bool { return true }',
      '',
      'func New() *Execution { return &Execution{} }',
    ),
    'suite/main_test.go': lines('package suite', '', 'import "example.com/m/env"', '', 'var testEnv *env.Execution', '', 'var other = env.New()'),
    'suite/run_test.go': lines('package suite', '', 'func TestRun() {', '\ttestEnv.APIClient()', '\t_ = other.IsLocalDaemon()', '}'),
  });
  assert.deepEqual(
    edges.filter((e) => e.startsWith('example.com/m/suite.TestRun ')),
    ['example.com/m/suite.TestRun -calls-> example.com/m/env.Execution.APIClient', 'example.com/m/suite.TestRun -calls-> example.com/m/env.Execution.IsLocalDaemon'],
  );
});

test('go platform files: of a name defined once per platform, a file reaches the definition compiled on its own platform', async () => {
  const { input, results } = await resolveRepo(
    new Map(
      Object.entries({
        'go.mod': GO_MOD,
        'sys/open_linux.go': lines('package sys', 'func open() int { return 1 }', 'type Handle struct{}', 'func (h *Handle) Close() {}'),
        'sys/open_windows.go': lines('package sys', 'func open() int { return 2 }', 'type Handle struct{}', 'func (h *Handle) Close() {}'),
        // Compiled nowhere Linux or Windows is: never the platform of the files below.
        'sys/open_other.go': lines('// Copyright the authors.', '', '//go:build !linux && !windows', '', 'package sys', 'func open() int { return 3 }', 'type Handle struct{}', 'func (h *Handle) Close() {}'),
        'sys/api.go': lines('package sys', 'func Open() *Handle { open(); return &Handle{} }'),
        'sys/api_windows.go': lines('package sys', 'func OpenWindows() { open() }'),
        // Old-style constraint lines; a file on no platform of those tried falls back to Linux on amd64.
        'sys/api_plan.go': lines('/*', 'License text', '*/', '// +build plan9,386 solaris', '', 'package sys', 'func OpenElsewhere() { open() }'),
        'app/main.go': lines('package app', 'import "example.com/m/sys"', 'func Run() { h := sys.Open(); h.Close() }'),
        'app/main_windows.go': lines('package app', 'import "example.com/m/sys"', 'func RunWindows() { var h sys.Handle; h.Close() }'),
      }),
    ),
  );
  const fileOf = new Map<string, string>();
  for (const extract of input.extracts.values()) for (const e of extract.entities) fileOf.set(e.id, `${e.fqn.slice(e.fqn.lastIndexOf('/') + 1)} (${e.filePath})`);
  const calls = [...results.values()].flatMap((r) => r.edges.filter((e) => e.kind === 'calls').map((e) => `${fileOf.get(e.source)} -> ${fileOf.get(e.target)}`));
  assert.deepEqual(calls.sort(), [
    'app.Run (app/main.go) -> sys.Handle.Close (sys/open_linux.go)',
    'app.Run (app/main.go) -> sys.Open (sys/api.go)',
    'app.RunWindows (app/main_windows.go) -> sys.Handle.Close (sys/open_windows.go)',
    'sys.Open (sys/api.go) -> sys.Handle (sys/open_linux.go)',
    'sys.Open (sys/api.go) -> sys.open (sys/open_linux.go)',
    'sys.OpenElsewhere (sys/api_plan.go) -> sys.open (sys/open_other.go)',
    'sys.OpenWindows (sys/api_windows.go) -> sys.open (sys/open_windows.go)',
  ]);
});
