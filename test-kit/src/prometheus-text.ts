// The Prometheus text exposition format (0.0.4), read strictly: what the /metrics tests of the API and the site
// server check their answers against. Every line is a HELP, a TYPE or a sample of a declared metric; anything
// else throws, so a malformed answer fails the test instead of being skipped.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const HELP = new RegExp(`^# HELP (${NAME}) (.*)$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(?:,|$)/;
const SUFFIXES = ['_bucket', '_sum', '_count', '_total', '_created'];

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.length > 0) {
    const match = LABEL.exec(rest);
    if (!match) throw new Error(`bad labels in: ${line}`);
    labels[match[1]!] = match[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    rest = rest.slice(match[0].length);
  }
  return labels;
}

function parseValue(text: string, line: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (text === 'NaN') return NaN;
  const value = Number(text);
  if (Number.isNaN(value)) throw new Error(`bad value in: ${line}`);
  return value;
}

/** The samples of an exposition; throws on any line that is not valid text format. */
export function parsePrometheusText(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const help = HELP.exec(line);
    if (help) continue;
    const type = TYPE.exec(line);
    if (type) {
      if (types.has(type[1]!)) throw new Error(`second TYPE for ${type[1]}`);
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith('#')) throw new Error(`bad comment line: ${line}`);
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`bad sample line: ${line}`);
    const name = sample[1]!;
    const family = [name, ...SUFFIXES.filter((s) => name.endsWith(s)).map((s) => name.slice(0, -s.length))];
    if (!family.some((candidate) => types.has(candidate)))
      throw new Error(`sample of an undeclared metric: ${line}`);
    samples.push({ name, labels: parseLabels(sample[2] ?? '', line), value: parseValue(sample[3]!, line) });
  }
  return samples;
}

/** The value of the one sample with this name and these labels (others may be present), or 0 when none. */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}
