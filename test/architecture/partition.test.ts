import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildFileGraph } from '../../src/architecture/file-graph.js';
import { adoptIsolatedFiles, defaultClusterCount } from '../../src/architecture/partition.js';
import { makeGraph } from './fixtures.js';

describe('adoptIsolatedFiles', () => {
  it('moves a dependency-free singleton to the cluster holding most of its directory, else groups by directory', () => {
    const paths = ['a/one.py', 'a/two.py', 'b/three.py', 'a/lonely.py', 'c/x.py', 'c/y.py', 'd/connected.py'];
    const graph = makeGraph(
      paths.map((path) => ({ path, entities: [{ name: 'run' }] })),
      [
        ['a/one.py#run', 'a/two.py#run'],
        ['b/three.py#run', 'a/two.py#run'],
        ['d/connected.py#run', 'b/three.py#run'],
      ],
    );
    const fg = buildFileGraph(graph);
    const at = (p: string) => fg.indexOf.get(p)!;
    const clusters = [[at('a/one.py'), at('a/two.py')], [at('b/three.py')], [at('a/lonely.py')], [at('c/x.py')], [at('c/y.py')], [at('d/connected.py')]];
    const result = adoptIsolatedFiles(fg, clusters).map((c) => c.map((f) => fg.files[f]).sort());
    assert.deepEqual(result.sort(), [['a/lonely.py', 'a/one.py', 'a/two.py'], ['b/three.py'], ['c/x.py', 'c/y.py'], ['d/connected.py']]);
  });

  it('climbs to the nearest directory holding clustered files, but not to the shared root', () => {
    const paths = ['src/a/one.py', 'src/a/two.py', 'src/a/three.py', 'src/b/four.py', 'src/a/locale/fr/lonely.py', 'src/c/x.py'];
    const graph = makeGraph(
      paths.map((path) => ({ path, entities: [{ name: 'run' }] })),
      [
        ['src/a/one.py#run', 'src/a/two.py#run'],
        ['src/a/three.py#run', 'src/b/four.py#run'],
      ],
    );
    const fg = buildFileGraph(graph);
    const at = (p: string) => fg.indexOf.get(p)!;
    const clusters = [[at('src/a/one.py'), at('src/a/two.py')], [at('src/a/three.py'), at('src/b/four.py')], [at('src/a/locale/fr/lonely.py')], [at('src/c/x.py')]];
    const result = adoptIsolatedFiles(fg, clusters).map((c) => c.map((f) => fg.files[f]).sort());
    // src/a holds two files of the first cluster and one of the second; src/c has nothing below src to join.
    assert.deepEqual(result.sort(), [['src/a/locale/fr/lonely.py', 'src/a/one.py', 'src/a/two.py'], ['src/a/three.py', 'src/b/four.py'], ['src/c/x.py']]);
  });
});

describe('defaultClusterCount', () => {
  it('is √(files/2) rounded, at least 2 and at most the number of files', () => {
    assert.equal(defaultClusterCount(2500), 35);
    assert.equal(defaultClusterCount(8), 2);
    assert.equal(defaultClusterCount(1), 1);
  });
});
