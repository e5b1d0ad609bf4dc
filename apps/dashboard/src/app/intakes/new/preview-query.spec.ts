import { previewQueryOf } from './preview-query';

describe('previewQueryOf', () => {
  it('asks in the client’s language for the project’s name, trimmed', () => {
    expect(previewQueryOf({ clientLanguage: 'de', projectName: '  New website ' })).toEqual({
      language: 'de',
      project_name: 'New website',
    });
  });

  it('leaves the API’s defaults (the account’s language, a placeholder name) when nothing is chosen', () => {
    expect(previewQueryOf({ clientLanguage: '', projectName: '   ' })).toEqual({});
  });
});
