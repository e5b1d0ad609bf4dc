import { catalogueProblems, LANGUAGES } from '@intake/domain-messages';
import { cs } from './catalogues/cs';
import { de } from './catalogues/de';
import { en } from './catalogues/en';
import { es } from './catalogues/es';
import { pl } from './catalogues/pl';
import { sk } from './catalogues/sk';
import { toI18next } from './to-i18next';
import { type ErrorEnvelope } from '../api/failures';

const CATALOGUES = { cs, sk, pl, de, es, en };

describe('the dashboard’s catalogues', () => {
  it('cover every language the portal and the mails speak', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
  });

  it('agree with English: same keys and placeholders, the plural forms each language needs', () => {
    expect(catalogueProblems(CATALOGUES)).toEqual([]);
  });

  it('have a sentence for every error code of the API', () => {
    // Every code of the error envelope: the compiler holds this list to the OpenAPI document's enum.
    const codes: Record<ErrorEnvelope['error'], true> = {
      invalid_request: true,
      unauthorized: true,
      quota_exceeded: true,
      plan_required: true,
      forbidden: true,
      not_found: true,
      conflict: true,
      item_answer_would_be_discarded: true,
      gone: true,
      payload_too_large: true,
      download_too_large: true,
      unsupported_media_type: true,
      unprocessable: true,
      rate_limited: true,
      internal_error: true,
      service_unavailable: true,
    };
    expect(Object.keys(codes).filter((code) => !(`error.${code}` in en))).toEqual([]);
  });
});

describe('toI18next', () => {
  it('keeps texts and spreads plural forms over <key>_<form>', () => {
    expect(toI18next({ a: 'A {x}', b: { one: '{n} file', few: '{n} files (few)', other: '{n} files' } })).toEqual({
      a: 'A {x}',
      b_one: '{n} file',
      b_few: '{n} files (few)',
      b_other: '{n} files',
    });
  });
});
