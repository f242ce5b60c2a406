// index.html paints the sign-in card before the app's scripts run: it must say what the app says.
import { describe, expect, it } from 'vitest';
import indexHtml from '../../../../index.html?raw';
import { loginCopy } from './login-copy';

const html = indexHtml.replace(/\s+/g, ' ').replace(/&apos;|&#39;/g, "'");

describe("index.html's static sign-in card", () => {
  it.each([
    loginCopy.heading,
    loginCopy.intro,
    loginCopy.forgotPassword,
    loginCopy.about,
    loginCopy.showMore,
    'E-mail',
    'Password',
    'Sign in',
  ])('says %j', (text) => {
    expect(html).toContain(text);
  });

  it('has four more paragraphs behind Show More in the app', () => {
    expect(loginCopy.more).toHaveLength(4);
  });
});
