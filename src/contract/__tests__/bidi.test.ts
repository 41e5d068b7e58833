import { describe, expect, it } from 'vitest';
import { isolate } from '../bidi';

const RLO = '\u202E';

describe('the platform’s free text isolated where a page prints it beside other words', () => {
  it('drops a right-to-left override left open in a name, and isolates the name', () => {
    // An open override would reverse the account id printed after it: "(2439401A)".
    expect(`${isolate(`Kim Ortega${RLO}`)} (A1049342)`).toBe('\u2068Kim Ortega\u2069 (A1049342)');
  });

  it('drops every embedding, override and isolate control, so none can close ours early', () => {
    expect(isolate('a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i')).toBe(
      '\u2068abcdefghi\u2069',
    );
  });

  it('keeps right-to-left letters and everything else as sent', () => {
    expect(isolate('صندوق Sunrise 😀')).toBe('\u2068صندوق Sunrise 😀\u2069');
  });
});
