import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  parseThemeColor,
  toRgba,
  type VariantColorsResolver,
} from '@mantine/core';

/** WCAG AA for normal text, with a little room for rounding in the browser's colour maths. */
export const TEXT_CONTRAST = 4.6;

const channel = (value: number): number => {
  const v = value / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};
const luminanceOf = (color: string): number => {
  const { r, g, b } = toRgba(color);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
};

/** The WCAG contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The text of a light button under the pointer: Mantine's light text (shade 9) darkened in steps
 * of 5 % until it reaches AA contrast on the light hover background (shade 2). Mantine keeps
 * shade 9 there, about 3.8:1 for red and 4:1 for blue, which axe refuses when the pointer rests
 * on the button. The resting look is unchanged.
 */
export function lightHoverTextColor(shades: MantineColorsTuple): string {
  for (let step = 0; step <= 20; step += 1) {
    const candidate = step === 0 ? shades[9] : darken(shades[9], step / 20);
    if (contrastRatio(candidate, shades[2]) >= TEXT_CONTRAST) return candidate;
  }
  return '#000';
}

/** Mantine's colours by variant, with a darker hover text for the light variant of a theme colour. */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  // A colour with its own shade (`red.9`) or outside the theme keeps Mantine's own hover.
  if (!parsed.isThemeColor || parsed.shade !== undefined) return colors;
  const shades = input.theme.colors[parsed.color];
  return shades ? { ...colors, hoverColor: lightHoverTextColor(shades) } : colors;
};

/**
 * Mantine's default look, one shade darker for text on white: links, buttons and dimmed text meet
 * WCAG AA contrast (4.5:1), which axe checks on every page; light buttons keep it under the pointer.
 */
export const theme = createTheme({
  primaryShade: { light: 8, dark: 6 },
  variantColorResolver,
  // Dialogs, menus and notices appear without their fade and slide for whoever asks the system
  // for reduced motion (and for the browser tests, whose axe checks then see them as they rest).
  respectReducedMotion: true,
});
