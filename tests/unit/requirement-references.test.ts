import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * Every reference in code, tests and documents resolves inside the repository: product rules are
 * cited by ID from docs/requirements/ ("rule O-12"), engineering rules by ID from
 * docs/ARCHITECTURE.md ("engineering rule E-4"), decisions by ADR number. Nothing names a section
 * of the specification Curio started from, a design document outside the repository, or an entry
 * of the issue tracker, none of which a newcomer can open.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

/** Text the repository tracks, without generated files and binaries. */
function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((file) => /\.(ts|tsx|js|mjs|cjs|md|json|sql|sh|yml|yaml|css|html)$/.test(file) || file.startsWith('.ci/'))
    .filter((file) => !/(^|\/)(package-lock\.json|node_modules\/)/.test(file))
    .filter((file) => !file.startsWith('client/src/i18n/locales/'));
}

const FILES = trackedTextFiles().map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));

/** Where a pattern matches: "file:line: text". */
function occurrences(pattern: RegExp, files = FILES): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    text.split('\n').forEach((line, index) => {
      if (pattern.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

/** This file names the patterns it forbids, so it is left out of the search for them. */
const SELF = path.relative(ROOT, import.meta.filename);
const OTHERS = FILES.filter(({ file }) => file !== SELF);

describe('references point only at documents in the repository', () => {
  test('no sections of the starting specification', () => {
    expect(occurrences(/\bspec(ification)?s?\s*#?\d|§/i, OTHERS)).toEqual([]);
  });

  test('no decisions of a design document outside the repository', () => {
    expect(occurrences(/\bDESIGN\b/, OTHERS)).toEqual([]);
  });

  test('no issue numbers', () => {
    expect(occurrences(/\bissues?\s*#?\d/i, OTHERS)).toEqual([]);
  });
});

const RULE_ID = String.raw`(?:AD|[ABCFILNOPSW])-\d+`;
/** "rule O-12", "rules W-3 to W-5", "rules P-12, P-13 and P-15", across a line break in prose. */
const RULE_CITATION = new RegExp(String.raw`\brules?\s+(${RULE_ID}(?:(?:\s*,\s*|\s+(?:to|and|or)\s+)${RULE_ID})*)`, 'g');
const ENGINEERING_CITATION = /\bengineering rules?\s+(E-\d+(?:(?:\s*,\s*|\s+(?:to|and|or)\s+)E-\d+)*)/g;

function definedIds(text: string, pattern: RegExp): Set<string> {
  return new Set([...text.matchAll(pattern)].map((match) => match[1]!));
}

function citedIds(pattern: RegExp): Map<string, string[]> {
  const cited = new Map<string, string[]>();
  for (const { file, text } of FILES) {
    // Comments wrap: "rule" may end one comment line and its ID begin the next.
    const flat = text.replace(/\n\s*(\/\/|\*|#)?\s*/g, ' ');
    for (const match of flat.matchAll(pattern)) {
      for (const id of match[1]!.match(/(?:AD|[A-Z])-\d+/g) ?? []) cited.set(id, [...(cited.get(id) ?? []), file]);
    }
  }
  return cited;
}

describe('every cited rule exists', () => {
  const requirements = FILES.filter(({ file }) => file.startsWith('docs/requirements/')).map(({ text }) => text);
  const productRules = definedIds(requirements.join('\n'), new RegExp(String.raw`^- (?:~~)?\*\*(${RULE_ID})\*\*`, 'gm'));
  const architecture = readFileSync(path.join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
  const engineeringRules = definedIds(architecture, /^- \*\*(E-\d+)\b/gm);

  test('the requirement files define their rules once, in order', () => {
    for (const text of requirements) {
      const ids = [...text.matchAll(new RegExp(String.raw`^- (?:~~)?\*\*(${RULE_ID})\*\*`, 'gm'))].map((match) => match[1]!);
      const numbers = ids.map((id) => Number(id.split('-')[1]));
      expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    }
    expect(productRules.size).toBeGreaterThan(150);
    expect(engineeringRules.size).toBe(18);
  });

  test('product rules', () => {
    const unknown = [...citedIds(RULE_CITATION)].filter(([id]) => !productRules.has(id));
    expect(unknown).toEqual([]);
  });

  test('engineering rules', () => {
    const unknown = [...citedIds(ENGINEERING_CITATION)].filter(([id]) => !engineeringRules.has(id));
    expect(unknown).toEqual([]);
  });
});
