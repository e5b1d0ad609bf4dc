import {
  accentColorProblem,
  BRANDING_LIMITS,
  contrastRatio,
  displayNameProblem,
  effectiveBranding,
  logoOrigin,
  logoUrlProblem,
  parseBranding,
  relativeLuminance,
} from '../index';

const NONE = { display_name: null, accent_color: null, logo_url: null };

describe('contrast (WCAG 2)', () => {
  it.each([
    ['#000000', 0],
    ['#ffffff', 1],
    ['#FFFFFF', 1],
    ['#ff0000', 0.2126],
    ['#00ff00', 0.7152],
    ['#0000ff', 0.0722],
  ])('relative luminance of %s is %d', (color, luminance) => {
    expect(relativeLuminance(color)).toBeCloseTo(luminance, 10);
  });

  it('uses the sRGB curve: the linear part at and below 10/255, the power above', () => {
    // 10/255 = 0.0392 is on the linear segment, 11/255 = 0.0431 on the curve.
    expect(relativeLuminance('#0a0a0a')).toBeCloseTo(10 / 255 / 12.92, 12);
    expect(relativeLuminance('#0b0b0b')).toBeCloseTo(((11 / 255 + 0.055) / 1.055) ** 2.4, 12);
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2158605, 6);
  });

  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#000000', 21],
    ['#ffffff', '#ffffff', 1],
    ['#767676', '#ffffff', 4.542],
    ['#777777', '#ffffff', 4.478],
    ['#1d4ed8', '#ffffff', 6.704],
    ['#ff0000', '#ffffff', 3.998],
  ])('%s against %s is %d:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
  });

  it('is symmetric and at least 1', () => {
    for (const [a, b] of [
      ['#123456', '#abcdef'],
      ['#ff8800', '#0088ff'],
      ['#333333', '#333333'],
    ] as const) {
      expect(contrastRatio(a, b)).toBe(contrastRatio(b, a));
      expect(contrastRatio(a, b)).toBeGreaterThanOrEqual(1);
    }
  });

  it('refuses what is not #RRGGBB', () => {
    for (const bad of ['#fff', '000000', '#gggggg', '#0000000', 'red']) {
      expect(() => relativeLuminance(bad)).toThrow(RangeError);
    }
  });
});

describe('accent colour', () => {
  it.each(['#767676', '#1d4ed8', '#000000', '#B3261E', '#0a5c36'])('accepts %s (at least 4.5:1 on white)', (c) => {
    expect(accentColorProblem(c)).toBeUndefined();
  });

  it.each([
    ['#777777', '4.47'],
    ['#ffffff', '1.00'],
    ['#ff0000', '3.99'],
    ['#7fb0ff', '2.19'],
  ])('refuses %s, too light for white text, naming its ratio (%s:1)', (color, shown) => {
    expect(accentColorProblem(color)).toBe(
      `must have a contrast of at least 4.5:1 against white (it has ${shown}:1): choose a darker colour`,
    );
  });

  it('never shows a ratio just short of the minimum as the minimum', () => {
    // #777777 is 4.478:1: rounded to two places that would read 4.48, never 4.50.
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(accentColorProblem('#777777')).not.toContain('4.50');
  });

  it.each(['#fff', '1d4ed8', '#1d4ed8 ', 'rgb(0,0,0)', 'navy', '', 12, null])('refuses %j as not #RRGGBB', (c) => {
    expect(accentColorProblem(c)).toBe('must be a colour written #RRGGBB, such as #1d4ed8');
  });

  it('has the WCAG AA minimum for normal text', () => {
    expect(BRANDING_LIMITS.minContrast).toBe(4.5);
  });
});

describe('display name', () => {
  it('accepts one line of up to 100 characters (code points), any script', () => {
    expect(displayNameProblem('Studio Nováková')).toBeUndefined();
    expect(displayNameProblem('<b>"Ateliér" & Co.</b>')).toBeUndefined(); // escaped where shown, not refused
    expect(displayNameProblem('😀'.repeat(100))).toBeUndefined();
    expect(displayNameProblem('x'.repeat(101))).toBe('must not be longer than 100 characters');
  });

  it.each(['Studio\nEvil: header', 'a\r\nBcc: x@y', 'tab\there', 'nul\u0000', 'sep\u2028x', 'del\u007f'])(
    'refuses %j: a header or a second line could ride on it',
    (name) => {
      expect(displayNameProblem(name)).toBe('must be one line of text, without control characters');
    },
  );

  it('refuses blank names and non-strings', () => {
    expect(displayNameProblem('   ')).toBe('must not be blank');
    expect(displayNameProblem(5)).toBe('must be a string');
  });
});

describe('logo URL', () => {
  it.each([
    'https://cdn.example.com/logo.png',
    'https://cdn.example.com:8443/a/b.svg?v=2#x',
    'https://1.2.3.4/logo.png',
    'https://ateliér.example/logo.png',
  ])('accepts %s', (url) => {
    expect(logoUrlProblem(url)).toBeUndefined();
  });

  it.each([
    ['http://cdn.example.com/logo.png', 'must be an absolute https URL'],
    ['data:image/png;base64,AAAA', 'must be an absolute https URL'],
    ['javascript:alert(1)', 'must be an absolute https URL'],
    ['//cdn.example.com/logo.png', 'must be an absolute https URL'],
    ['/logo.png', 'must be an absolute https URL'],
    ['https://user:secret@cdn.example.com/logo.png', 'must not contain a user name or password'],
    ['https://token@cdn.example.com/logo.png', 'must not contain a user name or password'],
    ['https://cdn.example.com/logo.png\n', 'must be an absolute https URL without white space'],
    [' https://cdn.example.com/logo.png', 'must be an absolute https URL without white space'],
    ['https://cdn.exa\tmple.com/', 'must be an absolute https URL without white space'],
    ['https://a;b.example/logo.png', 'must name its host by a domain name or an IPv4 address'],
    ["https://a'b.example/logo.png", 'must name its host by a domain name or an IPv4 address'],
    ['https://[::1]/logo.png', 'must name its host by a domain name or an IPv4 address'],
    [`https://cdn.example.com/${'a'.repeat(2048)}`, 'must not be longer than 2048 characters'],
    [42, 'must be a string'],
  ])('refuses %j: %s', (url, problem) => {
    expect(logoUrlProblem(url)).toBe(problem);
  });

  it('gives the origin for img-src, and none without a logo', () => {
    expect(logoOrigin({ ...NONE, logo_url: 'https://cdn.example.com:8443/a/b.svg?v=2' })).toBe(
      'https://cdn.example.com:8443',
    );
    expect(logoOrigin({ ...NONE, logo_url: 'https://ateliér.example/logo.png' })).toBe(
      'https://xn--atelir-fva.example',
    );
    expect(logoOrigin({ ...NONE, display_name: 'Studio' })).toBeNull();
    expect(logoOrigin(null)).toBeNull();
    expect(logoOrigin({ ...NONE, logo_url: 'http://cdn.example.com/x.png' })).toBeNull();
  });
});

describe('parseBranding', () => {
  it('normalises: the name trimmed, the colour in lower case, the address as parsed; absent is null', () => {
    expect(
      parseBranding({ display_name: '  Studio  ', accent_color: '#1D4ED8', logo_url: 'https://CDN.example.com/l.png' }),
    ).toEqual({
      branding: { display_name: 'Studio', accent_color: '#1d4ed8', logo_url: 'https://cdn.example.com/l.png' },
    });
    expect(parseBranding({ accent_color: '#000000', logo_url: null })).toEqual({
      branding: { ...NONE, accent_color: '#000000' },
    });
    expect(parseBranding({})).toEqual({ branding: NONE });
  });

  it('reports every field at once, under the path given', () => {
    expect(
      parseBranding(
        { display_name: 'a\nb', accent_color: '#eeeeee', logo_url: 'http://cdn.example.com/l.png' },
        'branding',
      ),
    ).toEqual({
      details: [
        { path: 'branding.display_name', message: 'must be one line of text, without control characters' },
        { path: 'branding.accent_color', message: expect.stringContaining('contrast of at least 4.5:1') },
        { path: 'branding.logo_url', message: 'must be an absolute https URL' },
      ],
    });
    expect(parseBranding({ accent_color: '#fff' }, 'x').details).toEqual([
      { path: 'x.accent_color', message: 'must be a colour written #RRGGBB, such as #1d4ed8' },
    ]);
  });
});

describe('effectiveBranding', () => {
  const account = { display_name: 'Studio', accent_color: '#1d4ed8', logo_url: null };
  const own = { display_name: 'Side project', accent_color: null, logo_url: null };

  it('is the intake’s own branding as a whole, else the account’s, else none', () => {
    expect(effectiveBranding(own, account)).toBe(own);
    expect(effectiveBranding(null, account)).toBe(account);
    expect(effectiveBranding(null, null)).toBeNull();
    expect(effectiveBranding(own, null)).toBe(own);
  });
});
