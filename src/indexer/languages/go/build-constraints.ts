/**
 * Go build constraints (https://pkg.go.dev/cmd/go#hdr-Build_constraints): a file's `//go:build` line (or its older
 * `// +build` lines) and the `_GOOS`, `_GOARCH` or `_GOOS_GOARCH` suffix of its name decide on which platforms it is
 * compiled. A package often defines one name in several files, one per platform (`open_linux.go`,
 * `open_windows.go`); resolution takes the definition compiled on the platform of the file that uses the name.
 */

const GOOS = new Set(
  'aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos'.split(' '),
);
const GOARCH = new Set(
  ('386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ' +
    'ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm').split(' '),
);
/** The operating systems the `unix` tag stands for. */
const UNIX = new Set('aix android darwin dragonfly freebsd hurd illumos ios linux netbsd openbsd solaris'.split(' '));

export interface Platform {
  os: string;
  arch: string;
}

/**
 * The platforms a file is placed on, in order: the first one it is compiled on is its platform. Linux on amd64
 * first, as a build on a usual development machine, then Linux on every other architecture (a file for one
 * architecture keeps the operating system), then the other systems.
 */
export const PLATFORMS: readonly Platform[] = [
  { os: 'linux', arch: 'amd64' },
  ...[...GOARCH].filter((arch) => arch !== 'amd64' && arch !== 'wasm').map((arch) => ({ os: 'linux', arch })),
  { os: 'windows', arch: 'amd64' },
  { os: 'darwin', arch: 'arm64' },
  { os: 'darwin', arch: 'amd64' },
  ...['freebsd', 'openbsd', 'netbsd', 'dragonfly', 'solaris', 'illumos', 'aix', 'plan9', 'hurd', 'zos', 'nacl'].map((os) => ({
    os,
    arch: os === 'aix' ? 'ppc64' : os === 'zos' ? 's390x' : 'amd64',
  })),
  { os: 'android', arch: 'arm64' },
  { os: 'ios', arch: 'arm64' },
  { os: 'js', arch: 'wasm' },
  { os: 'wasip1', arch: 'wasm' },
  { os: 'windows', arch: 'arm64' },
  { os: 'windows', arch: '386' },
];

/**
 * The build constraint of a Go file's header (the comments before its package clause) as a `//go:build`
 * expression: its `//go:build` line, else its `// +build` lines rewritten (spaces are ||, commas &&, lines &&);
 * undefined when it has none.
 */
export function headerConstraint(source: string): string | undefined {
  const plusBuild: string[] = [];
  let inBlock = false;
  for (let start = 0; start < source.length; ) {
    const end = source.indexOf('\n', start);
    const line = source.slice(start, end < 0 ? source.length : end).trim();
    start = end < 0 ? source.length : end + 1;
    if (inBlock) {
      inBlock = !line.includes('*/');
      continue;
    }
    if (line === '') continue;
    if (line.startsWith('/*')) {
      inBlock = !line.includes('*/', 2);
      continue;
    }
    if (!line.startsWith('//')) break;
    const goBuild = /^\/\/go:build\s+(.+)$/.exec(line);
    if (goBuild) return goBuild[1]!.trim();
    const plus = /^\/\/\s*\+build\s+(.+)$/.exec(line);
    if (plus) {
      const options = plus[1]!.trim().split(/\s+/).map((option) => option.split(',').join(' && '));
      plusBuild.push(options.length > 1 ? `(${options.join(' || ')})` : options[0]!);
    }
  }
  return plusBuild.length === 0 ? undefined : plusBuild.join(' && ');
}

/** Whether a build tag holds on `platform` (a default build: cgo on, the gc toolchain, any go1.N). */
function tagHolds(tag: string, { os, arch }: Platform): boolean {
  if (tag === os || tag === arch) return true;
  if (tag === 'unix') return UNIX.has(os);
  // Android is Linux, iOS is Darwin and illumos is Solaris, for tags as for file names.
  if ((tag === 'linux' && os === 'android') || (tag === 'darwin' && os === 'ios') || (tag === 'solaris' && os === 'illumos')) return true;
  if (tag === 'gc' || /^go1\.\d+$/.test(tag)) return true;
  return tag === 'cgo' && os !== 'js' && os !== 'wasip1';
}

/** Evaluates a `//go:build` expression; an expression it cannot read holds everywhere (as if absent). */
export function constraintHolds(expression: string, platform: Platform): boolean {
  const tokens = expression.match(/&&|\|\||[!()]|[^\s!()&|]+/g) ?? [];
  let at = 0;
  let malformed = false;
  const or = (): boolean => {
    let value = and();
    while (tokens[at] === '||') {
      at++;
      value = and() || value;
    }
    return value;
  };
  const and = (): boolean => {
    let value = unary();
    while (tokens[at] === '&&') {
      at++;
      value = unary() && value;
    }
    return value;
  };
  const unary = (): boolean => {
    const token = tokens[at++];
    if (token === '!') return !unary();
    if (token === '(') {
      const value = or();
      if (tokens[at++] !== ')') malformed = true;
      return value;
    }
    if (token === undefined || token === ')' || token === '&&' || token === '||') {
      malformed = true;
      return true;
    }
    return tagHolds(token, platform);
  };
  const value = or();
  return malformed || at !== tokens.length ? true : value;
}

/** The platform a file's name confines it to (`x_linux.go`, `x_arm64.go`, `x_linux_arm64_test.go`). */
function nameConstraint(path: string): Partial<Platform> {
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.go$/, '').replace(/_test$/, '');
  const parts = base.split('_');
  // The name needs a part before the suffix: `linux.go` is confined to nothing.
  const last = parts.length > 1 ? parts[parts.length - 1]! : '';
  const previous = parts.length > 2 ? parts[parts.length - 2]! : '';
  if (GOARCH.has(last) && GOOS.has(previous)) return { os: previous, arch: last };
  if (GOOS.has(last)) return { os: last };
  if (GOARCH.has(last)) return { arch: last };
  return {};
}

/** Whether the file at `path`, with header constraint `constraint`, is compiled on `platform`. */
export function compiledOn(path: string, constraint: string | undefined, platform: Platform): boolean {
  const named = nameConstraint(path);
  if (named.os !== undefined && !tagHolds(named.os, platform)) return false;
  if (named.arch !== undefined && named.arch !== platform.arch) return false;
  return constraint === undefined || constraintHolds(constraint, platform);
}

/** The first of PLATFORMS the file is compiled on; the first of all when none (`//go:build ignore`). */
export function platformOf(path: string, constraint: string | undefined): Platform {
  return PLATFORMS.find((p) => compiledOn(path, constraint, p)) ?? PLATFORMS[0]!;
}
