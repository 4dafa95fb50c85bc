import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compiledOn, constraintHolds, headerConstraint, platformOf } from '../../src/indexer/languages/go/build-constraints.js';

const LINUX = { os: 'linux', arch: 'amd64' };
const WINDOWS = { os: 'windows', arch: 'amd64' };
const ANDROID = { os: 'android', arch: 'arm64' };

test('go build constraints: the header line, old `+build` lines rewritten, nothing past the package clause', () => {
  assert.equal(headerConstraint('// Copyright x\n\n//go:build linux && !cgo\n\npackage a\n'), 'linux && !cgo');
  assert.equal(headerConstraint('/*\nLicense\n*/\n// +build linux,amd64 darwin\n// +build !purego\n\npackage a\n'), '(linux && amd64 || darwin) && !purego');
  assert.equal(headerConstraint('package a\n\n//go:build linux\n'), undefined);
  assert.equal(headerConstraint('// Package a does things.\npackage a\n'), undefined);
});

test('go build constraints: tags of a platform, precedence, unix and the OSes that imply others', () => {
  assert.equal(constraintHolds('linux && amd64', LINUX), true);
  assert.equal(constraintHolds('!windows', LINUX), true);
  assert.equal(constraintHolds('!windows', WINDOWS), false);
  assert.equal(constraintHolds('darwin || linux && amd64', LINUX), true);
  assert.equal(constraintHolds('(darwin || linux) && arm64', LINUX), false);
  assert.equal(constraintHolds('unix && !darwin', LINUX), true);
  assert.equal(constraintHolds('unix', WINDOWS), false);
  assert.equal(constraintHolds('linux', ANDROID), true);
  assert.equal(constraintHolds('cgo && go1.21 && gc', LINUX), true);
  assert.equal(constraintHolds('ignore', LINUX), false);
  assert.equal(constraintHolds('apparmor || seccomp', LINUX), false);
  // An expression that cannot be read constrains nothing.
  assert.equal(constraintHolds('linux &&', WINDOWS), true);
  assert.equal(constraintHolds('(linux', WINDOWS), true);
});

test('go build constraints: file name suffixes, and the first platform a file is compiled on', () => {
  assert.equal(compiledOn('a/open_linux.go', undefined, LINUX), true);
  assert.equal(compiledOn('a/open_linux.go', undefined, WINDOWS), false);
  assert.equal(compiledOn('a/open_linux.go', undefined, ANDROID), true);
  assert.equal(compiledOn('a/open_windows_arm64_test.go', undefined, WINDOWS), false);
  assert.equal(compiledOn('a/linux.go', undefined, WINDOWS), true, 'a bare GOOS name is no suffix');
  assert.equal(compiledOn('a/x_unix.go', undefined, WINDOWS), true, 'unix is a tag, not a file name suffix');
  assert.equal(compiledOn('a/x_linux.go', '!cgo', LINUX), false);
  assert.deepEqual(platformOf('a/x_windows.go', undefined), WINDOWS);
  assert.deepEqual(platformOf('a/x_arm64.go', undefined), { os: 'linux', arch: 'arm64' });
  assert.deepEqual(platformOf('a/x.go', 'darwin'), { os: 'darwin', arch: 'arm64' });
  assert.deepEqual(platformOf('a/x.go', 'ignore'), LINUX);
});
