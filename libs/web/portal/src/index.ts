// What the server takes from the portal page's library to render the page (apps/api, portal-page):
// its stylesheet and its message catalogues. The browser script's entry is main.ts (bundle.js).
export * from './lib/catalogues';
export * from './lib/styles';
