import { signUpProblems } from './sign-up-form';

const valid = { name: 'Jana', account_name: 'Studio', email: 'jana@studio.example', password: 'correct horse' };

describe('the sign-up form', () => {
  it('says nothing about a complete form', () => {
    expect(signUpProblems(valid)).toEqual({});
  });

  it('names each field that needs attention', () => {
    expect(signUpProblems({ name: ' ', account_name: '', email: '', password: '' })).toEqual({
      name: 'form.required',
      account_name: 'form.required',
      email: 'form.required',
      password: 'form.required',
    });
    expect(signUpProblems({ ...valid, email: 'jana@studio' })).toEqual({ email: 'form.email_invalid' });
    expect(signUpProblems({ ...valid, password: '123456789' })).toEqual({ password: 'form.password_short' });
    expect(signUpProblems({ ...valid, password: '1234567890' })).toEqual({});
  });
});
