import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, toCsv } from '../csv';

describe('csvCell (RFC 4180 and CSV injection)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['＝1+2', "'＝1+2"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
    ['＋1', "'＋1"],
    ['－1+2', "'－1+2"],
    [';=1+2', '";=1+2"'],
    ['note; =1+2', '"note; =1+2"'],
    ['-12.5', '-12.5'],
    ['1250.50', '1250.50'],
  ])('%j becomes %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('writes null and undefined as empty cells and numbers as text', () => {
    expect(csvLine([null, undefined, 3, true])).toBe(',,3,true\r\n');
  });

  it('builds a document with CRLF line ends', () => {
    expect(toCsv(['a', 'b'], [['1', '=2']])).toBe("a,b\r\n1,'=2\r\n");
  });
});
