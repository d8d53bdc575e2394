// Runs the project's own ESLint config (tools/eslint.config.mjs) on probe texts, through ESLint's Node API in a
// child process (the config is an ES module, which jest's CommonJS runtime does not import): the lint rules' tests
// ask it what one rule says of each probe.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

export interface LintProbe {
  /** A file the text stands in (it need not exist: ESLint lints the text as if it were there). */
  file: string;
  text: string;
}

/** The messages of rule `ruleId` for each probe, in order. */
export function ruleMessages(ruleId: string, probes: LintProbe[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const [ruleId, probes] = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ overrideConfigFile: 'tools/eslint.config.mjs' });
    const out = [];
    for (const probe of probes) {
      const [result] = await eslint.lintText(probe.text, { filePath: probe.file });
      out.push(result.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message));
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const output = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify([ruleId, probes])],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return JSON.parse(output) as string[][];
}
