/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

// The module boundaries are not a convention: ESLint (`make lint-web`, part of `make test`) refuses
// an import across them. This lints two scratch sources as if they were a file of this library
// (scope:shared) with the workspace's own configuration: one importing the flow's guided-flow
// library (scope:flow), which must be refused, and one importing the shared period rules, which
// must pass. ESLint runs in a child process: its configuration is ES modules, which jest's module
// sandbox does not load.
const root = resolve(__dirname, '../../../../../..');
const filePath = join(root, 'frontend/libs/shared/feature-periods/src/lib/boundary-scratch.ts');

const lintScript = `
import { ESLint } from 'eslint';
const { filePath, sources } = JSON.parse(process.env.LINT_INPUT);
const eslint = new ESLint({ cwd: process.cwd(), flags: ['v10_config_lookup_from_file'] });
const out = [];
for (const code of sources) {
  const [result] = await eslint.lintText(code, { filePath });
  out.push(result.messages.map((m) => ({ ruleId: m.ruleId, severity: m.severity, message: m.message })));
}
process.stdout.write('LINT_RESULT ' + JSON.stringify(out) + '\\n');
`;

interface LintMessage {
  ruleId: string | null;
  severity: number;
  message: string;
}

function lint(sources: string[]): { results: LintMessage[][]; output: string } {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', lintScript], {
    cwd: root,
    env: { ...process.env, LINT_INPUT: JSON.stringify({ filePath, sources }) },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = output.split('\n').find((l) => l.startsWith('LINT_RESULT '));
  if (!line) throw new Error(`no lint result in:\n${output}`);
  return { results: JSON.parse(line.slice('LINT_RESULT '.length)), output };
}

const boundaries = (messages: LintMessage[]) => messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries');

describe('module boundaries', () => {
  it('refuses a shared library importing a flow library, and lets it import a shared one', () => {
    const { results, output } = lint([
      "import { nextStep } from '@hostcart/flow-util-guided-flow';\nexport const step = nextStep;\n",
      "import { chosenPeriod } from '@hostcart/shared-util-periods';\nexport const chosen = chosenPeriod;\n",
    ]);
    // The rule reads Nx's cached project graph and skips itself (with this warning) without one:
    // `npx nx show projects` (or any nx command) writes it.
    expect(output).not.toContain('No cached ProjectGraph');
    const [upward, sideways] = results;
    expect(boundaries(upward)).toEqual([
      expect.objectContaining({
        severity: 2,
        message: expect.stringContaining('A project tagged with "scope:shared" can only depend on libs tagged with "scope:shared"'),
      }),
    ]);
    expect(boundaries(sideways)).toEqual([]);
  }, 180_000);
});
