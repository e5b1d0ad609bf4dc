/**
 * The client portal page's script (served by the api as `{portal path}/assets/portal.<hash>.js`):
 * reads the message catalogue the server embedded in the page, takes the slug from the address and
 * talks to the JSON portal API on the same origin. Bundled by esbuild into one ES2020 IIFE
 * (libs/web/portal/bundle.js).
 */
import { createCall, portalApiBase } from './lib/api';
import { createAnnouncer } from './lib/dom';
import { createPage } from './lib/page';
import { createText, type Messages } from './lib/text';

const app = document.getElementById('app');
const live = document.getElementById('live');
if (app && live) {
  const messages = JSON.parse(document.getElementById('messages')?.textContent || '{}') as Messages;
  const base = portalApiBase(location.pathname);
  createPage({
    app,
    text: createText(messages, document.documentElement.lang || 'en'),
    base,
    call: createCall(base),
    announce: createAnnouncer(live),
  }).load();
}
