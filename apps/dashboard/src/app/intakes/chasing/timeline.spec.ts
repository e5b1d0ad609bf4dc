import {
  type Chase,
  chasingState,
  inTimelineOrder,
  momentKey,
  nextChase,
  ownerAndClientTime,
  reasonKey,
  retryAfterSeconds,
  retryMoment,
  zonedTime,
} from './timeline';

const chase = (over: Partial<Chase>): Chase => ({
  id: 'chs_1',
  channel: 'email',
  kind: 'reminder',
  scheduled_at: null,
  sent_at: null,
  status: 'scheduled',
  attempt_no: 1,
  missing_items_count: null,
  error: null,
  ...over,
});

const PRAGUE = 'Europe/Prague';
const NEW_YORK = 'America/New_York';

describe('a moment for the owner and the client', () => {
  it('is shown in both zones when they read differently (Prague owner, New York client, winter)', () => {
    // 3 March 2031: both on standard time, six hours apart.
    const times = ownerAndClientTime('2031-03-03T20:30:00.000Z', { owner: PRAGUE, client: NEW_YORK }, 'en-GB');
    expect(times.owner.time).toBe('3 Mar 2031, 21:30');
    expect(times.client?.time).toBe('3 Mar 2031, 15:30');
    expect(times.owner.zone).toBe('Central European Time');
    expect(times.client?.zone).toBe('Eastern Time');
  });

  it('follows each zone’s own daylight saving change: five hours apart between the US and the EU change', () => {
    // US clocks went forward on 9 March 2031, Europe's only on 30 March.
    const between = ownerAndClientTime('2031-03-10T12:00:00.000Z', { owner: PRAGUE, client: NEW_YORK }, 'en-GB');
    expect([between.owner.time, between.client?.time]).toEqual(['10 Mar 2031, 13:00', '10 Mar 2031, 08:00']);
    const before = ownerAndClientTime('2031-03-08T12:00:00.000Z', { owner: PRAGUE, client: NEW_YORK }, 'en-GB');
    expect([before.owner.time, before.client?.time]).toEqual(['8 Mar 2031, 13:00', '8 Mar 2031, 07:00']);
    // Europe's own change on 30 March 2031 at 01:00 UTC: 01:30 UTC is 03:30 in Prague (CEST).
    expect(zonedTime('2031-03-30T01:30:00.000Z', PRAGUE, 'en-GB').time).toBe('30 Mar 2031, 03:30');
    expect(zonedTime('2031-03-30T00:30:00.000Z', PRAGUE, 'en-GB').time).toBe('30 Mar 2031, 01:30');
  });

  it('is one time when the zones are the same, or only their names differ', () => {
    expect(ownerAndClientTime('2031-03-03T20:30:00.000Z', { owner: PRAGUE, client: PRAGUE }, 'en-GB')).toEqual({
      owner: { time: '3 Mar 2031, 21:30', zone: 'Central European Time' },
    });
    expect(
      ownerAndClientTime('2031-03-03T20:30:00.000Z', { owner: PRAGUE, client: 'Europe/Berlin' }, 'en-GB').client,
    ).toBeUndefined();
  });

  it('is written the language’s way, with the zone named in it', () => {
    const times = ownerAndClientTime('2031-03-03T20:30:00.000Z', { owner: PRAGUE, client: NEW_YORK }, 'cs');
    expect(times.owner.time).toBe('3. 3. 2031 21:30');
    expect(times.client?.zone).toBe('severoamerický východní čas');
    expect(zonedTime('2031-03-03T20:30:00.000Z', NEW_YORK, 'de').time).toBe('03.03.2031, 15:30');
  });

  it('falls back to UTC for a zone the browser does not know, rather than failing the page', () => {
    expect(zonedTime('2031-03-03T20:30:00.000Z', 'Mars/Olympus', 'en-GB').time).toBe('3 Mar 2031, 20:30');
  });
});

describe('the timeline', () => {
  const invite = chase({ id: 'a', kind: 'invite', status: 'sent', sent_at: '2031-03-03T20:30:00.000Z', attempt_no: 0 });
  const first = chase({ id: 'b', status: 'skipped', scheduled_at: '2031-03-05T07:00:00.000Z', sent_at: null });
  const second = chase({ id: 'c', status: 'scheduled', scheduled_at: '2031-03-08T07:00:00.000Z', attempt_no: 2 });
  const withdrawn = chase({ id: 'd', status: 'cancelled', scheduled_at: '2031-03-12T07:00:00.000Z', attempt_no: 3 });

  it('is in the order things happened, the ones to come last', () => {
    expect(inTimelineOrder([withdrawn, second, invite, first]).map((c) => c.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(inTimelineOrder([chase({ id: 'x', scheduled_at: null }), invite]).map((c) => c.id)).toEqual(['a', 'x']);
  });

  it('names the next reminder: the earliest still planned', () => {
    const later = chase({ id: 'e', status: 'scheduled', scheduled_at: '2031-03-20T07:00:00.000Z' });
    expect(nextChase([later, invite, second, withdrawn])?.id).toBe('c');
    expect(nextChase([invite, withdrawn])).toBeUndefined();
  });

  it('labels the moment as sent, due or was due', () => {
    expect([invite, second, withdrawn].map(momentKey)).toEqual([
      'chasing.at.sent',
      'chasing.at.due',
      'chasing.at.was_due',
    ]);
  });

  it('says why a chase did not go out when the record says so', () => {
    const why = (error: string | null, status: Chase['status'] = 'skipped') => reasonKey(chase({ error, status }));
    expect(why('test mode: nothing is sent to the client')).toBe('chasing.reason.test_mode');
    expect(why('the intake is no longer being chased', 'cancelled')).toBe('chasing.reason.not_chased');
    expect(why('every recipient has bounced', 'cancelled')).toBe('chasing.reason.all_bounced');
    expect(why('the client has no phone number', 'cancelled')).toBe('chasing.reason.no_phone');
    expect(why('the mail server refused or did not answer: 550 no such user', 'failed')).toBe(
      'chasing.reason.mail_refused',
    );
    expect(why('the SMS provider refused or did not answer: bad number', 'failed')).toBe('chasing.reason.sms_refused');
    expect(why('something new', 'failed')).toBe('chasing.reason.other');
    expect(why(null, 'cancelled')).toBe('chasing.reason.withdrawn');
    expect(why(null, 'bounced')).toBe('chasing.reason.bounced');
    expect(why(null, 'complained')).toBe('chasing.reason.complained');
    expect(why(null, 'sent')).toBeUndefined();
    expect(why(null, 'scheduled')).toBeUndefined();
  });

  it('says where chasing stands when nothing is planned', () => {
    const intake = { status: 'in_progress', stalled_at: null, chase_schedule: 'default' } as const;
    expect(chasingState(intake, [invite, second])).toEqual({ kind: 'next', chase: second });
    expect(chasingState({ ...intake, status: 'draft' }, []).kind).toBe('draft');
    expect(chasingState({ ...intake, status: 'archived' }, [second]).kind).toBe('archived');
    expect(chasingState({ ...intake, status: 'completed' }, [second]).kind).toBe('completed');
    expect(chasingState({ ...intake, stalled_at: '2031-03-20T07:00:00.000Z' }, [invite]).kind).toBe('stalled');
    expect(chasingState({ ...intake, chase_schedule: 'off' }, [invite]).kind).toBe('off');
    expect(chasingState(intake, [invite]).kind).toBe('none');
  });
});

describe('when a refused chase may be tried again', () => {
  const now = new Date('2031-03-03T20:30:00.000Z');

  it('reads Retry-After in seconds, or as an HTTP date', () => {
    expect(retryAfterSeconds('1770', now)).toBe(1770);
    expect(retryAfterSeconds('Mon, 03 Mar 2031 21:00:00 GMT', now)).toBe(1800);
    expect(retryAfterSeconds(null, now)).toBeUndefined();
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
  });

  it('is a moment and whole minutes, at least one', () => {
    expect(retryMoment(now, 1770)).toEqual({ at: '2031-03-03T20:59:30.000Z', minutes: 30 });
    expect(retryMoment(now, 5)).toEqual({ at: '2031-03-03T20:30:05.000Z', minutes: 1 });
  });
});
