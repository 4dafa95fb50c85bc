/** Orders strings by UTF-16 code units, as `<` does: the same order on every machine, unlike localeCompare. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
