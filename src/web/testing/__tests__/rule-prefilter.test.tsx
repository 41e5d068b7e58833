// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  NativeSelect,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
} from '@mui/material';
import { MuiTheme } from '../../app/mui-theme';
import { isPrefiltered, subjectsOf, withPrefilter } from '../rule-prefilter';

/** The engine's own answer, through the element's own `matches` (a selector it refuses: no). */
const engine = (selector: string, element: Element) => {
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
};

describe('reading what a selector’s subject must be', () => {
  it('takes the class, id or tag of the compound after the last combinator, for each selector of a list', () => {
    expect(subjectsOf('.css-1x2y3z:hover')).toEqual([{ className: 'css-1x2y3z' }]);
    expect(subjectsOf('.MuiInputBase-root .MuiInputBase-input::placeholder')).toEqual([
      { className: 'MuiInputBase-input' },
    ]);
    expect(subjectsOf('.a > .b + li.c ~ #d')).toEqual([{ id: 'd' }]);
    expect(subjectsOf('UL, ol li')).toEqual([{ tag: 'ul' }, { tag: 'li' }]);
    expect(subjectsOf('input[type=checkbox]:not(.x)')).toEqual([{ tag: 'input' }]);
  });

  it('leaves a list alone when any selector of it could be any element, or when it cannot read it', () => {
    expect(subjectsOf('ul, *')).toBeNull();
    expect(subjectsOf('.a :is(.b, .c)')).toBeNull();
    expect(subjectsOf(':root')).toBeNull();
    expect(subjectsOf('a[title=","]')).toBeNull();
    expect(subjectsOf('.a\\:b')).toBeNull();
    expect(subjectsOf('svg|a')).toBeNull();
    expect(subjectsOf('.a)')).toBeNull();
  });
});

describe('matching with the prefilter', () => {
  it('is in place in the web tests’ document (set up by setup-styles.ts)', () => {
    expect(isPrefiltered(document)).toBe(true);
  });

  it('answers as the engine does for every element and every rule of a page of MUI components', () => {
    render(
      <MuiTheme>
        <Button variant="contained">Send</Button>
        <TextField label="Amount" error helperText="Enter an amount" />
        <NativeSelect value="b" onChange={() => {}}>
          <option value="a">A</option>
          <option value="b">B</option>
        </NativeSelect>
        <TextField select label="Kind" value="x">
          <MenuItem value="x">X</MenuItem>
        </TextField>
        <FormControlLabel control={<Checkbox />} label="Agree" />
        <Table>
          <TableBody>
            <TableRow>
              <TableCell>Cell</TableCell>
            </TableRow>
          </TableBody>
        </Table>
        <Dialog open>
          <DialogTitle>Title</DialogTitle>
          <DialogContent>Body</DialogContent>
        </Dialog>
      </MuiTheme>,
    );
    // The portal's style rules and jsdom's own default sheet (the HTML elements' styles).
    const defaultSheet = createRequire(import.meta.url)(
      'jsdom/lib/jsdom/browser/default-stylesheet.js',
    ) as string;
    const selectors = [
      ...[...document.styleSheets].flatMap((sheet) =>
        [...sheet.cssRules].flatMap((rule) =>
          rule instanceof CSSMediaRule ? [...rule.cssRules] : [rule],
        ),
      ),
    ]
      .map((rule) => (rule as CSSStyleRule).selectorText)
      .filter(Boolean);
    const fromDefault = [...defaultSheet.matchAll(/(^|\})\s*([^{}@]+?)\s*\{/g)].map((m) => m[2]);
    expect(selectors.length).toBeGreaterThan(100);
    expect(fromDefault.length).toBeGreaterThan(100);

    const prefiltered = withPrefilter((selector, element) => engine(selector, element));
    const elements = [...document.querySelectorAll('*')];
    let matched = 0;
    const differences: string[] = [];
    for (const selector of [...selectors, ...fromDefault]) {
      for (const element of elements) {
        const expected = engine(selector, element);
        if (expected) matched += 1;
        if (prefiltered(selector, element) !== expected)
          differences.push(`${selector} on <${element.localName} class="${element.className}">`);
      }
    }
    expect(differences).toEqual([]);
    // Not a comparison of two empty answers: the page's elements match many of the rules.
    expect(matched).toBeGreaterThan(200);
  });

  it('answers no without asking the engine when the subject’s class is not on the element', () => {
    const element = document.createElement('div');
    element.className = 'one  two';
    const asked: string[] = [];
    const prefiltered = withPrefilter((selector) => {
      asked.push(selector);
      return true;
    });
    expect(prefiltered('.three:hover', element)).toBe(false);
    expect(prefiltered('span.two', element)).toBe(false);
    expect(prefiltered('.zero .two', element)).toBe(true);
    expect(prefiltered('div', element)).toBe(true);
    expect(asked).toEqual(['.zero .two', 'div']);
  });
});
