/*
 * The sign-in page and the error pages are drawn with plain CSS (app/baseline.css,
 * components/plain.css) so that the first page loads neither MUI nor Emotion; the signed-in pages
 * are drawn with MUI and the theme. Both must look like one portal: the CSS holds the theme's
 * colours, corner and body type, and this test fails when one of them changes alone.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';

const baseline = readFileSync(new URL('../baseline.css', import.meta.url), 'utf8');

const token = (name: string) => baseline.match(new RegExp(`--portal-${name}:\\s*([^;]+);`))?.[1];

/** A declaration of the `body` rule. */
const bodyRule = (property: string) =>
  baseline
    .match(/\nbody \{([^}]*)\}/)?.[1]
    ?.match(new RegExp(`\\n\\s*${property}:\\s*([^;]+);`))?.[1];

describe('the plain CSS of the sign-in and error pages', () => {
  it('has the theme’s colours', () => {
    const { palette } = theme;
    expect({
      primary: token('primary'),
      primaryDark: token('primary-dark'),
      onPrimary: token('on-primary'),
      error: token('error'),
      success: token('success'),
      info: token('info'),
      text: token('text'),
      textSecondary: token('text-secondary'),
      background: token('background'),
      paper: token('paper'),
      divider: token('divider'),
      hover: token('hover'),
    }).toEqual({
      primary: palette.primary.main,
      primaryDark: palette.primary.dark,
      onPrimary: palette.primary.contrastText,
      error: palette.error.main,
      success: palette.success.main,
      info: palette.info.main,
      text: palette.text.primary,
      textSecondary: palette.text.secondary,
      background: palette.background.default,
      paper: palette.background.paper,
      divider: palette.divider,
      hover: palette.action.hover,
    });
  });

  it('has the theme’s corner, font and body type', () => {
    const { body1, fontFamily } = theme.typography;
    expect(token('radius')).toBe(`${theme.shape.borderRadius}px`);
    expect(token('font')?.replaceAll("'", '"')).toBe(fontFamily);
    expect({
      fontSize: bodyRule('font-size'),
      fontWeight: bodyRule('font-weight'),
      lineHeight: bodyRule('line-height'),
      letterSpacing: bodyRule('letter-spacing'),
    }).toEqual({
      fontSize: body1.fontSize,
      fontWeight: String(body1.fontWeight),
      lineHeight: String(body1.lineHeight),
      letterSpacing: body1.letterSpacing,
    });
  });
});
