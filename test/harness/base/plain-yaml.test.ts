/**
 * Case and scenario files are read by js-yaml when they are plain data, by the
 * `yaml` library otherwise. The two ways must agree on every value and every
 * case's line; whatever the quick way cannot vouch for goes the other way.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPlainYaml } from '../../../src/harness/base/plain-yaml.js';
import { parseDataFile, parseYamlWithPositions } from '../../../src/harness/base/source-positions.js';
import { iterations } from '../../support/scale.js';

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? yamlFiles(path) : /\.ya?ml$/.test(name) ? [path] : [];
  });
}

const listKeyOf = (text: string) => (/^scenarios:/m.test(text) ? 'scenarios' : 'test_cases');

/** What a loader sees: the value or the error, and the line of every item of the list. */
function reading(read: (text: string) => ReturnType<typeof parseDataFile>, text: string) {
  const parsed = read(text);
  if (parsed.error) return { error: parsed.error };
  const key = listKeyOf(text);
  const items = (parsed.value as Record<string, unknown>)?.[key];
  const lines = Array.isArray(items) ? items.map((_, i) => parsed.lineOf([key, i])) : [];
  return { value: parsed.value, lines };
}

describe('the quick and the positioned reading of YAML agree', () => {
  const files = [...yamlFiles(join(process.cwd(), 'cases')), ...yamlFiles(join(process.cwd(), 'test/fixtures'))];

  it('on every case, scenario and fixture file in the repository: values, errors and case lines', () => {
    expect(files.length).toBeGreaterThan(30);
    let quick = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
      if (readPlainYaml(text, listKeyOf(text))) quick += 1;
      expect(
        reading((t) => parseDataFile(t, listKeyOf(t)), text),
        file,
      ).toEqual(reading((t) => parseYamlWithPositions(t), text));
    }
    // the suite itself is plain data: the quick way must actually be taken
    expect(quick).toBeGreaterThan(files.length / 2);
  });

  const docs: [string, string][] = [
    ['scalars that look alike in YAML 1.1 and 1.2', 'test_cases:\n  - a: [~, null, Null, NULL, "", true, True, TRUE, tRUE, yes, no, on, off, y, n]\n'],
    [
      'numbers in every notation',
      'test_cases:\n  - a: [0, -0, +1, 007, 0o17, 0O17, 0x1F, 0X1F, 0b101, 1_000, 1., .5, -.5, +.5, 1e3, 1E+3, 1.5e-3, .inf, -.Inf, +.INF, .nan, .NaN, 12345678901234567890, 1:30, 2024-01-01]\n',
    ],
    ['a number past the range of a double', 'test_cases:\n  - a: 1e400\n'],
    ['quoted and escaped strings', 'test_cases:\n  - a: "\\x41\\u00e9\\U0001F600\\N\\_\\L\\P\\/\\t"\n    b: \'it\'\'s\'\n    c: "x\n      y"\n'],
    [
      'block scalars with every chomping',
      'test_cases:\n  - a: |\n      x\n      y\n    b: |-\n      x\n    c: |+\n      x\n\n    d: >\n      x\n      y\n\n      z\n',
    ],
    ['null and number keys', 'test_cases:\n  - null: 1\n    ~: 2\n    1: 3\n'],
    ['a complex key', 'test_cases:\n  - ? [a, b]\n    : c\n'],
    ['tags', "test_cases:\n  - a: !!float '1'\n    b: !!str 2\n"],
    ['an unknown tag', 'test_cases:\n  - a: !b\n'],
    ['anchors and aliases', 'test_cases:\n  - &x {a: 1}\n  - *x\n'],
    ['an anchor alone', 'test_cases:\n  - a: &x 1\n'],
    ['a directive', '%YAML 1.1\n---\ntest_cases:\n  - a: yes\n'],
    ['two documents', 'test_cases:\n  - a: 1\n---\nb: 2\n'],
    ['a duplicate key', 'test_cases:\n  - a: 1\n    a: 2\n'],
    ['a colon in a value', 'test_cases:\n  - description: 用户说: 退款还没到\n'],
    ['a tab for indentation', 'test_cases:\n\t- a: 1\n'],
    ['items in flow style, on one line and several', 'test_cases: [{a: 1}, {b: 2},\n  {c: 3}]\n'],
    ['an item whose first key is on the next line', 'test_cases:\n  -\n    a: 1\n  - b: 2\n'],
    ['comments and blank lines between items', 'test_cases:\n  # first\n  - a: 1 # trailing\n\n  # second\n  - b: 2\n'],
    ['the list not at the root', 'other:\n  test_cases:\n    - a: 1\n'],
    ['an empty document', ''],
    ['a scalar document', 'just text\n'],
    ['the __proto__ key', 'test_cases:\n  - __proto__: {polluted: true}\n'],
    ['CRLF line ends', 'test_cases:\r\n  - a: 1\r\n    b: "x"\r\n  - c: 2\r\n'],
    ['a merge key (not merged in YAML 1.2)', 'test_cases:\n  - <<: {a: 1}\n    b: 2\n'],
    ['a list not indented under its key', 'test_cases:\n- a: 1\n- b: 2\n'],
    ['an explicit key and empty values', 'test_cases:\n  - ? c\n    a: \'\'\n    b: ""\n    d:\n'],
    ['binary and timestamps (YAML 1.1 types)', 'test_cases:\n  - a: !!binary aGVsbG8=\n    b: 2001-12-14t21:59:43.10-05:00\n'],
  ];
  it.each(docs)('%s', (_, text) => {
    expect(reading((t) => parseDataFile(t, 'test_cases'), text)).toEqual(reading((t) => parseYamlWithPositions(t), text));
  });

  const EDITS = iterations(3_000, 300);
  it(`on ${EDITS} small random edits of the suite's own cases, the two readings still agree`, () => {
    let seed = 20261201;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const inserts = [
      ' ',
      '  ',
      '\t',
      ':',
      ': ',
      '- ',
      '#',
      '"',
      "'",
      '[',
      ']',
      '{',
      '}',
      ',',
      '\n',
      '&a ',
      '*a',
      '!',
      '|',
      '>',
      '?',
      '%',
      '@',
      '`',
      '\\',
      'null',
      '1e999',
      '0x',
      '~',
      '<<: ',
      '---\n',
    ];
    const sources = files.filter((f) => f.includes('/cases/')).map((f) => readFileSync(f, 'utf8').split('\n'));
    let valid = 0;
    for (let i = 0; i < EDITS; i++) {
      const lines = pick(sources);
      const starts = lines.flatMap((l, k) => (/^\s*- (case_id|scenario_id):/.test(l) ? [k] : []));
      const from = pick(starts);
      let text = ['test_cases:', ...lines.slice(from, starts.find((k) => k > from + 15) ?? lines.length)].join('\n');
      const at = Math.floor(random() * text.length);
      const kind = random();
      if (kind < 0.4) text = text.slice(0, at) + pick(inserts) + text.slice(at);
      else if (kind < 0.7) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 3));
      else
        text = text.replace(/\n( *)/g, (m, indent: string, offset: number) =>
          offset === text.lastIndexOf('\n', at) ? `\n${' '.repeat(Math.max(0, indent.length + Math.floor(random() * 5) - 2))}` : m,
        );
      if (/^\s*[{[]/.test(text)) continue; // read as JSON, not YAML
      const quick = reading((t) => parseDataFile(t, 'test_cases'), text);
      expect(quick, text).toEqual(reading((t) => parseYamlWithPositions(t), text));
      if (!quick.error) valid += 1;
    }
    // most edits leave a readable file: the comparison is not only of two errors
    expect(valid).toBeGreaterThan(EDITS / 3);
  });

  it('what the quick way takes and what it leaves', () => {
    expect(readPlainYaml('test_cases:\n  - a: 1\n  - b: [x, "y"]\n', 'test_cases')?.itemStarts).toEqual([16, 25]);
    for (const text of [
      'test_cases:\n  - &x {a: 1}\n',
      'test_cases:\n  - a: !!str 1\n',
      '%YAML 1.2\n---\ntest_cases: []\n',
      'test_cases:\n  - null: 1\n',
      'test_cases:\n  - a: 1e400\n',
      'a: 1\n---\nb: 2\n',
      'a: b: c\n',
      '',
    ]) {
      expect(readPlainYaml(text, 'test_cases'), text).toBeUndefined();
    }
  });
});
