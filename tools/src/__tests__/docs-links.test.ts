// Every link between the project's Markdown files (the READMEs and docs/) leads to a file that exists and, when it
// names a heading, to a heading that file has: a document moved or a heading reworded is found here, not by a
// newcomer following the link.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const root = join(__dirname, '..', '..', '..');

/** The Markdown files git tracks (no dependency's, no build's). */
function markdownFiles(): string[] {
  return execFileSync('git', ['ls-files', '*.md'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && !file.includes('node_modules/'));
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings, outside fenced code. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.+)$/.exec(line);
    if (heading?.[1]) anchors.add(headingAnchor(heading[1]));
  }
  return anchors;
}

/** The relative links of a Markdown text (not web addresses, not mail), outside fenced code. */
function relativeLinks(text: string): string[] {
  const withoutCode = text.replace(/^\s*(```|~~~)[\s\S]*?^\s*\1/gm, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => target && !/^[a-z]+:/i.test(target));
}

describe('links between the Markdown files', () => {
  it('turns headings into the anchors GitHub gives them', () => {
    expect(headingAnchor('Several instances: `npm run cluster`')).toBe('several-instances-npm-run-cluster');
    expect(headingAnchor('What "live" means')).toBe('what-live-means');
  });

  it('each lead to a file that exists and a heading it has', () => {
    const files = markdownFiles();
    expect(files).toContain('README.md');
    const anchors = new Map(
      files.map((file) => [normalize(file), anchorsOf(readFileSync(join(root, file), 'utf8'))]),
    );
    const broken: string[] = [];
    for (const file of files) {
      for (const target of relativeLinks(readFileSync(join(root, file), 'utf8'))) {
        const [path = '', anchor] = target.split('#');
        const resolved = path ? normalize(join(dirname(file), path)) : normalize(file);
        if (!existsSync(join(root, resolved))) broken.push(`${file}: ${target} (no such file)`);
        else if (anchor && resolved.endsWith('.md') && !anchors.get(resolved)?.has(anchor))
          broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
