/** Line edits between two versions of a file, in the coordinates tree-sitter's Tree.edit takes. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { textEdits, type Point, type TextEdit } from '../../src/indexer/text-edits.js';
import { makeRng, type Rng } from '../algos/rng.js';

/** The (row, column) of `index` in `text`, columns in UTF-16 code units. */
function pointAt(text: string, index: number): Point {
  const before = text.slice(0, index);
  const lastNl = before.lastIndexOf('\n');
  return { row: before.split('\n').length - 1, column: index - lastNl - 1 };
}

/** Applies the edits in order, checking each one's positions against the text it applies to. */
function apply(before: string, after: string, edits: readonly TextEdit[]): string {
  let text = before;
  for (const e of edits) {
    assert.ok(e.startIndex <= e.oldEndIndex && e.oldEndIndex <= text.length, JSON.stringify(e));
    assert.deepEqual(e.startPosition, pointAt(text, e.startIndex));
    assert.deepEqual(e.oldEndPosition, pointAt(text, e.oldEndIndex));
    const next = text.slice(0, e.startIndex) + after.slice(e.startIndex, e.newEndIndex) + text.slice(e.oldEndIndex);
    assert.deepEqual(e.newEndPosition, pointAt(next, e.newEndIndex));
    text = next;
  }
  return text;
}

const LINES = ['def f(x):', '    return x', '', 'class Ünïcode:  # 😀', '\tpass', 'x = 1', '}', '// é'];

function mutate(rng: Rng, text: string): string {
  const lines = text.split('\n');
  for (let n = rng.int(1, 4); n > 0; n--) {
    const at = rng.int(0, lines.length);
    const op = rng.int(0, 2);
    if (op === 0) lines.splice(at, 0, ...Array.from({ length: rng.int(1, 3) }, () => rng.pick(LINES)));
    else if (op === 1) lines.splice(at, rng.int(1, 3));
    else lines[Math.min(at, lines.length - 1)] = rng.pick(LINES) + 'y';
  }
  return lines.join('\n') + (rng.int(0, 2) === 0 ? '' : '\n');
}

test('applying the edits in order turns the old text into the new one, with positions that match each step', () => {
  const rng = makeRng(7);
  for (let round = 0; round < 400; round++) {
    const before = Array.from({ length: rng.int(0, 12) }, () => rng.pick(LINES)).join('\n') + (rng.int(0, 1) ? '\n' : '');
    const after = mutate(rng, before);
    assert.equal(apply(before, after, textEdits(before, after)), after, JSON.stringify({ before, after }));
  }
});

test('changed lines far apart are separate edits; past the change limit one edit spans them', () => {
  const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', ''].join('\n');
  const after = ['a', 'B', 'c', 'd', 'e', 'f', 'g', 'H', 'H2', ''].join('\n');
  const edits = textEdits(before, after);
  assert.deepEqual(
    edits.map((e) => [e.startPosition.row, e.oldEndPosition.row, e.newEndPosition.row]),
    [
      [1, 2, 2],
      [7, 8, 9],
    ],
  );
  const capped = textEdits(before, after, 2);
  assert.equal(capped.length, 1);
  assert.deepEqual([capped[0]!.startPosition.row, capped[0]!.oldEndPosition.row, capped[0]!.newEndPosition.row], [1, 8, 9]);
  assert.equal(apply(before, after, capped), after);
});

test('a last line that gains or loses its line end is an edit; equal texts need none', () => {
  assert.deepEqual(textEdits('x = 1\n', 'x = 1\n'), []);
  const gained = textEdits('x = 1', 'x = 1\n');
  assert.equal(gained.length, 1);
  assert.equal(apply('x = 1', 'x = 1\n', gained), 'x = 1\n');
  assert.deepEqual(gained[0]!.newEndPosition, { row: 1, column: 0 });
  const lost = textEdits('a\nb\n', 'a\nbé');
  assert.deepEqual(lost[0]!.newEndPosition, { row: 1, column: 2 });
  assert.equal(apply('a\nb\n', 'a\nbé', lost), 'a\nbé');
});
