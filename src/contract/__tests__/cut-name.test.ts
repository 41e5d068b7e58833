import { describe, expect, it } from 'vitest';
import { cutName } from '../offerings';

describe('an unreadable offering’s name, cut for a list', () => {
  it('keeps a name of 80 characters or fewer as it is', () => {
    expect(cutName('Driftwood Wells Unit 7')).toBe('Driftwood Wells Unit 7');
    expect(cutName('x'.repeat(80))).toBe('x'.repeat(80));
  });

  it('cuts a longer one to 80 characters ending in …', () => {
    const cut = cutName('x'.repeat(10_000));
    expect(cut).toBe(`${'x'.repeat(79)}…`);
  });

  it('counts characters as a person does: an emoji or an accented letter is never split', () => {
    // A family emoji is several code points joined; "é" here is e and a combining accent.
    const family = '👨‍👩‍👧';
    expect(cutName(family.repeat(100))).toBe(`${family.repeat(79)}…`);
    expect(cutName('e\u0301'.repeat(81))).toBe(`${'e\u0301'.repeat(79)}…`);
  });
});
