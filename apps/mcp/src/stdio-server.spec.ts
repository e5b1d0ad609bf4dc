import { settingsFrom } from './stdio-server';

describe('the stdio server’s settings', () => {
  it('takes SERVICE_URL and SERVICE_API_KEY, trimmed', () => {
    expect(settingsFrom({ SERVICE_URL: ' https://intake.example.com ', SERVICE_API_KEY: 'svc_test_abc\n' })).toEqual({
      baseUrl: 'https://intake.example.com',
      apiKey: 'svc_test_abc',
    });
  });

  it('names what is missing or malformed', () => {
    expect(settingsFrom({})).toMatch(/^Set SERVICE_URL and SERVICE_API_KEY/);
    expect(settingsFrom({ SERVICE_URL: 'https://intake.example.com' })).toMatch(/^Set SERVICE_API_KEY:/);
    expect(settingsFrom({ SERVICE_URL: 'intake.example.com', SERVICE_API_KEY: 'k' })).toBe(
      'SERVICE_URL is not a URL: intake.example.com',
    );
  });
});
