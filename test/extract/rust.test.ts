import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bindingsOf, extractSource, fqns, importsOf, refsOf } from './helpers.js';

test('rust use trees: groups, self, aliases, wildcards, pub use', async () => {
  const x = await extractSource(
    'src/lib.rs',
    ['use std::{collections::HashMap, fmt::{self, Display}};', 'pub use crate::a::B as C;', 'use super::*;', 'use serde;', ''].join('\n'),
  );
  assert.deepEqual(importsOf(x), [
    { from: 'crate', line: 1, module: 'std::collections', names: [{ name: 'HashMap' }] },
    { from: 'crate', line: 1, module: 'std', names: [{ name: 'fmt' }] },
    { from: 'crate', line: 1, module: 'std::fmt', names: [{ name: 'Display' }] },
    { from: 'crate', line: 2, module: 'crate::a', names: [{ name: 'B', alias: 'C' }], reexport: true },
    { from: 'crate', line: 3, module: 'super', names: [], wildcard: true },
    { from: 'crate', line: 4, module: '', names: [{ name: 'serde' }] },
  ]);
});

test('rust module paths follow the crate layout', async () => {
  const others = { 'crates/core/Cargo.toml': '', 'crates/core/src/lib.rs': '', 'crates/core/src/a/mod.rs': '', 'crates/core/src/a/b.rs': '' };
  const mod = await extractSource('crates/core/src/a/mod.rs', 'pub fn f() {}\n', others);
  const leaf = await extractSource('crates/core/src/a/b.rs', 'pub struct S;\n', others);
  const root = await extractSource('src/main.rs', 'fn main() {}\n');
  assert.deepEqual([...fqns(mod), ...fqns(leaf), ...fqns(root)], [
    'module crates/core::a',
    'function crates/core::a::f',
    'module crates/core::a::b',
    'class crates/core::a::b::S',
    'module crate',
    'function crate::main',
  ]);
});

test('rust impl blocks put methods under their type and attribute the trait to it', async () => {
  const x = await extractSource(
    'src/lib.rs',
    ['pub struct S;', 'impl Tr for S { fn a(&self) {} }', 'impl<T> S { pub fn new() -> Self { S } fn b() { Self::new(); } }', 'mod m { pub fn c() {} }', ''].join('\n'),
  );
  assert.deepEqual(x.entities.map((e) => `${e.kind} ${e.fqn} ${e.exported}`), [
    'module crate true',
    'class crate::S true',
    'method crate::S::a true',
    'method crate::S::new true',
    'method crate::S::b false',
    'function crate::m::c true',
  ]);
  assert.deepEqual(refsOf(x, ['implements', 'call']), ['implements |Tr @crate::S', 'call Self|new @crate::S::b']);
});

test('rust refs and bindings', async () => {
  const x = await extractSource(
    'src/lib.rs',
    ['fn f() {', '    let c = Foo::new();', '    let d = Bar { a: 1 };', '    let e: Baz = make();', '    let g = make();', '    c.go();', '    self::h();', '}', ''].join('\n'),
  );
  assert.deepEqual(bindingsOf(x), ['c: Foo @crate::f', 'd: Bar @crate::f', 'e: Baz @crate::f']);
  assert.deepEqual(refsOf(x, ['call', 'new']), ['call Foo|new @crate::f', 'new |Bar @crate::f', 'call |make @crate::f', 'call |make @crate::f', 'call c|go @crate::f', 'call self|h @crate::f']);
});
