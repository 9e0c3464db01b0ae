import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { findContactDetails } from '../../shared/src/rules/contact-filter.ts';

/**
 * The contact filter measured on a public list of evasions and of honest marketplace texts
 * (ADR 0034), kept in contact-filter-corpus/ one text per line. The table test in
 * contact-filter.test.ts pins exact spans; this one counts how much of what people actually type
 * gets through, and that nothing honest is flagged.
 *
 * The evasions after the "# === held back ===" line were written once the filter was final and
 * the filter was not changed after them, so their figure is an honest estimate of what the
 * filter catches of evasions it was not tuned on.
 */
const HELD_BACK_MARKER = '# === held back ===';

function texts(lines: string[]): string[] {
  return lines.filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

function corpus(name: string): string[] {
  return readFileSync(new URL(`./contact-filter-corpus/${name}`, import.meta.url), 'utf8').split('\n');
}

const evasionLines = corpus('evasions.txt');
const marker = evasionLines.indexOf(HELD_BACK_MARKER);
const TUNED = texts(evasionLines.slice(0, marker));
const HELD_BACK = texts(evasionLines.slice(marker + 1));
const CLEAN = texts(corpus('clean.txt'));

function caught(list: string[]): { caught: number; missed: string[] } {
  const missed = list.filter((text) => findContactDetails(text).length === 0);
  return { caught: list.length - missed.length, missed };
}

function percent(part: number, whole: number): string {
  return `${((100 * part) / whole).toFixed(1)} %`;
}

describe('contact filter on the evasion corpus', () => {
  test('the corpus is large, varied and has a held-back part', () => {
    expect(marker).toBeGreaterThan(0);
    expect(TUNED.length + HELD_BACK.length).toBeGreaterThanOrEqual(150);
    expect(HELD_BACK.length).toBeGreaterThanOrEqual(40);
    expect(CLEAN.length).toBeGreaterThanOrEqual(150);
    const all = [...TUNED, ...HELD_BACK];
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(CLEAN).size).toBe(CLEAN.length);
  });

  test('catches at least 95 % of the evasions it was tuned on', () => {
    const { caught: count, missed } = caught(TUNED);
    console.log(`contact filter, tuned evasions: caught ${count}/${TUNED.length} = ${percent(count, TUNED.length)}`);
    if (missed.length > 0) console.log(`  missed: ${missed.map((text) => JSON.stringify(text)).join(', ')}`);
    expect(count / TUNED.length).toBeGreaterThanOrEqual(0.95);
  });

  /**
   * The target for texts the filter never saw is 85 %. Both held-back rounds came in just under
   * it (round 1: 42/50 = 84 %, since used for tuning; round 2, below the marker: 38/45 = 84.4 %),
   * and the filter was not tuned on them to close the gap, so this floor guards against falling
   * below what was measured rather than asserting the target.
   */
  test('catches most of the held-back evasions', () => {
    const { caught: count, missed } = caught(HELD_BACK);
    console.log(`contact filter, held-back evasions: caught ${count}/${HELD_BACK.length} = ${percent(count, HELD_BACK.length)}`);
    if (missed.length > 0) console.log(`  missed: ${missed.map((text) => JSON.stringify(text)).join(', ')}`);
    expect(count / HELD_BACK.length).toBeGreaterThanOrEqual(0.8);
  });

  test('flags none of the honest marketplace texts', () => {
    const flagged = CLEAN.filter((text) => findContactDetails(text).length > 0);
    console.log(`contact filter, clean texts: flagged ${flagged.length}/${CLEAN.length}`);
    expect(flagged).toEqual([]);
  });
});
