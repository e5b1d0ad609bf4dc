import type { components } from '@intake/sdk-types';
import { ApiFailure } from '../api/failures';
import { accountProblems, patchOf, problemsOfFailure, valuesOf } from './account-form';

const account: components['schemas']['AccountView'] = {
  id: 'acc_1',
  name: 'Studio Nováková',
  plan: 'free',
  default_language: 'cs',
  default_timezone: 'Europe/Prague',
  sender_name: null,
  notify_on_completed: true,
  notify_on_stalled: true,
  notify_on_overdue: true,
  notify_on_bounced: true,
  notify_members: false,
  send_thank_you: true,
  branding: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

describe('the account settings form', () => {
  it('sends only what changed, nothing when nothing did', () => {
    const initial = valuesOf(account);
    expect(patchOf(initial, initial)).toEqual({});
    expect(patchOf(initial, { ...initial, name: ' Studio Nováková ', sender_name: '  ' })).toEqual({});
    expect(
      patchOf(initial, {
        ...initial,
        sender_name: ' Jana from Studio Nováková ',
        default_language: 'de',
        notify_members: true,
        send_thank_you: false,
      }),
    ).toEqual({
      sender_name: 'Jana from Studio Nováková',
      default_language: 'de',
      notify_members: true,
      send_thank_you: false,
    });
  });

  it('clears the sender name with null, and sends the branding as a whole', () => {
    const initial = valuesOf({
      ...account,
      sender_name: 'Jana',
      branding: { display_name: 'Studio', accent_color: '#1d4ed8', logo_url: null },
    });
    expect(initial).toMatchObject({
      sender_name: 'Jana',
      display_name: 'Studio',
      accent_color: '#1d4ed8',
      logo_url: '',
    });
    expect(patchOf(initial, { ...initial, sender_name: '' })).toEqual({ sender_name: null });
    expect(patchOf(initial, { ...initial, accent_color: '#0F766E' })).toEqual({
      branding: { display_name: 'Studio', accent_color: '#0f766e', logo_url: null },
    });
    expect(patchOf(initial, { ...initial, display_name: '', accent_color: '' })).toEqual({ branding: null });
  });

  it('says what is wrong before sending', () => {
    const initial = valuesOf(account);
    expect(accountProblems(initial)).toEqual({});
    expect(
      accountProblems({
        ...initial,
        name: ' ',
        sender_name: 'x'.repeat(121),
        accent_color: 'green',
        logo_url: 'http://cdn.example/logo.png',
      }),
    ).toEqual({
      name: 'form.required',
      sender_name: 'settings.too_long',
      accent_color: 'settings.accent_color_invalid',
      logo_url: 'settings.logo_url_invalid',
    });
  });

  it('places the API’s field problems (details) at the form’s fields', () => {
    const failure = new ApiFailure(422, {
      error: 'unprocessable',
      message: 'm',
      request_id: 'r',
      reason: 'validation_failed',
      details: [
        { path: 'branding.accent_color', message: 'needs a contrast of at least 4.5:1' },
        { path: 'sender_name', message: 'must not be blank' },
        { path: 'something_else', message: 'unknown' },
      ],
    });
    expect(problemsOfFailure(failure)).toEqual({
      accent_color: 'settings.accent_color_invalid',
      sender_name: 'settings.sender_name_invalid',
    });
    expect(problemsOfFailure(new ApiFailure(500, null))).toEqual({});
  });
});
