// Reads Prometheus's text exposition format (version 0.0.4) the way a Prometheus server would, and
// refuses what it would refuse: a line that is neither a comment nor a sample, a sample of a metric
// no # TYPE line declared before it, a # TYPE without its # HELP.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  samples: Sample[];
  /** Metric family -> its # TYPE (counter, gauge, histogram, summary, untyped). */
  types: Map<string, string>;
  help: Map<string, string>;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(,|$)/y;
const COMMENT = new RegExp(`^# (HELP|TYPE) (${NAME}) (.*)$`);
const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['_sum', '_count'] };

function readLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const m = LABEL.exec(text);
    if (!m) throw new Error(`unreadable labels in: ${line}`);
    labels[m[1]!] = m[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
  }
  return labels;
}

/** As Prometheus reads a value (Go's ParseFloat): the special values in any case ('Nan' is prom-client's). */
function readValue(text: string, line: string): number {
  const special = text.toLowerCase();
  if (special === '+inf' || special === 'inf') return Infinity;
  if (special === '-inf') return -Infinity;
  if (special === 'nan') return NaN;
  const n = Number(text);
  if (text === '' || Number.isNaN(n)) throw new Error(`unreadable value in: ${line}`);
  return n;
}

/** The family a sample belongs to: a histogram's _bucket, _sum and _count are its own. */
function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name;
  for (const [family, type] of types) {
    if ((SUFFIXES[type] ?? []).some((suffix) => name === family + suffix)) return family;
  }
  return undefined;
}

export function parsePrometheusText(text: string): Exposition {
  const exposition: Exposition = { samples: [], types: new Map(), help: new Map() };
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const m = COMMENT.exec(line);
      if (!m) continue; // any other comment is allowed
      const [, kind, name, rest] = m;
      if (kind === 'HELP') exposition.help.set(name!, rest!);
      else if (!exposition.help.has(name!)) throw new Error(`# TYPE before # HELP for ${name}`);
      else exposition.types.set(name!, rest!);
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const [, name, labels, value] = m;
    if (!familyOf(name!, exposition.types)) throw new Error(`sample of an undeclared metric: ${line}`);
    exposition.samples.push({ name: name!, labels: labels ? readLabels(labels, line) : {}, value: readValue(value!, line) });
  }
  return exposition;
}

/** The value of the one sample with exactly these labels; undefined when there is none. */
export function sampleValue(exposition: Exposition, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels);
  const found = exposition.samples.filter(
    (s) => s.name === name && Object.keys(s.labels).length === wanted.length && wanted.every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** Every sample of a metric, as its labels and value. */
export function samplesOf(exposition: Exposition, name: string): Sample[] {
  return exposition.samples.filter((s) => s.name === name);
}
