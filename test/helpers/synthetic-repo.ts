/** A generated Python package of `n` modules that import and call each other, for pipeline-level tests. */
export function syntheticPythonRepo(n: number): Record<string, string> {
  const files: Record<string, string> = { 'app/__init__.py': '' };
  for (let i = 0; i < n; i++) {
    const dep = (i * 7 + 3) % n;
    const lines = [
      `"""Module ${i} of the synthetic app."""`,
      `from app.mod${dep} import Service${dep}, helper${dep}`,
      '',
      `def helper${i}(value):`,
      `    """Double the value ${i}."""`,
      `    return value * 2 + ${i}`,
      '',
      `class Service${i}(Service${dep}):` ,
      `    def run(self, x):`,
      `        return helper${dep}(x) + self.step(x)`,
      '',
      `    def step(self, x):`,
      `        return helper${i}(x)`,
      '',
    ];
    if (dep === i) lines[1] = '';
    if (dep === i) lines[7] = `class Service${i}:`;
    files[`app/mod${i}.py`] = lines.join('\n');
  }
  return files;
}
