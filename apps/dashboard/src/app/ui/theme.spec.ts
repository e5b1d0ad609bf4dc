import { DEFAULT_THEME } from '@mantine/core';
import { contrastRatio, lightHoverTextColor, TEXT_CONTRAST, theme, variantColorResolver } from './theme';

describe('the theme’s light buttons', () => {
  it('computes contrast as WCAG does', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#fff', '#777777')).toBeCloseTo(contrastRatio('#777777', '#fff'), 10);
  });

  it('keeps AA contrast under the pointer for every colour of the theme (Mantine’s own hover is below it)', () => {
    expect(contrastRatio(DEFAULT_THEME.colors.red[9], DEFAULT_THEME.colors.red[2])).toBeLessThan(4.5);
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      expect([name, contrastRatio(lightHoverTextColor(shades), shades[2]) >= TEXT_CONTRAST]).toEqual([name, true]);
    }
  });

  it('darkens no more than it needs: gray’s shade 9 already passes and stays as it is', () => {
    expect(lightHoverTextColor(DEFAULT_THEME.colors.gray)).toBe(DEFAULT_THEME.colors.gray[9]);
  });

  it('sets the hover text of light theme colours only; the rest is Mantine’s', () => {
    const full = { ...DEFAULT_THEME, ...theme, colors: DEFAULT_THEME.colors } as typeof DEFAULT_THEME;
    const light = variantColorResolver({ color: 'red', variant: 'light', theme: full });
    expect(light.hoverColor).toBe(lightHoverTextColor(DEFAULT_THEME.colors.red));
    expect(light.color).toBe('var(--mantine-color-red-light-color)');
    expect(variantColorResolver({ color: full.primaryColor, variant: 'light', theme: full }).hoverColor).toBe(
      lightHoverTextColor(DEFAULT_THEME.colors.blue),
    );
    expect(variantColorResolver({ color: 'red', variant: 'filled', theme: full }).hoverColor).toBeUndefined();
    expect(variantColorResolver({ color: 'red.9', variant: 'light', theme: full }).hoverColor).toBeUndefined();
    expect(variantColorResolver({ color: '#123456', variant: 'light', theme: full }).hoverColor).toBeUndefined();
  });
});
