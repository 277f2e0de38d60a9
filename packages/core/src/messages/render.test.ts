import { describe, expect, it } from 'vitest';
import { escapeHtml, messageText, renderMessage } from './render.js';

/*
 * The three messages that built their HTML inline before this module (auth/password-links.ts,
 * providers/present.ts, certificates/reminders.ts), copied as they were: the renderer must give
 * byte-for-byte the same text and HTML, so no e-mail changes.
 */
const oldEscape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function oldPasswordLink(firstName: string, intro: string, action: string, link: string, after: string) {
  return {
    text: `Hello ${firstName},\n\n${intro}\n\n${action}: ${link}\n\n${after}\n`,
    html: `<p>Hello ${oldEscape(firstName)},</p><p>${oldEscape(intro)}</p><p><a href="${oldEscape(link)}">${action}</a></p><p>${oldEscape(after)}</p>`,
  };
}

function oldProviderNotification(providerName: string, intro: string, rows: [string, string][], link: string) {
  return {
    text: `Hello ${providerName},\n\n${intro}\n\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nView the project: ${link}\n`,
    html:
      `<p>Hello ${oldEscape(providerName)},</p><p>${oldEscape(intro)}</p><table>` +
      rows.map(([k, v]) => `<tr><th align="left">${oldEscape(k)}</th><td>${oldEscape(v)}</td></tr>`).join('') +
      `</table><p><a href="${oldEscape(link)}">View the project</a></p>`,
  };
}

function oldCertificateReminder(line: string, link: string) {
  return {
    text: `Hello,\n\n${line}\n\nCertifications: ${link}\n`,
    html: `<p>Hello,</p><p>${oldEscape(line)}</p><p><a href="${oldEscape(link)}">Certifications</a></p>`,
  };
}

const HOSTILE = `O'Brien & <Sons> "Ltd"`;

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters as numeric references and leaves the rest', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&#60;a href=&#34;x&#34;&#62;Tom &#38; Jerry&#39;s&#60;/a&#62;',
    );
    expect(escapeHtml('Plain text, ünïcode — 42')).toBe('Plain text, ünïcode — 42');
    expect(escapeHtml('')).toBe('');
  });

  it('is the escape the features used before (same output for every printable ASCII character)', () => {
    const all = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    expect(escapeHtml(all)).toBe(oldEscape(all));
  });
});

describe('renderMessage gives the existing e-mails unchanged', () => {
  it('password reset and invitation links', () => {
    for (const [name, intro, action, after] of [
      [
        'Ann',
        'You are receiving this email because we received a password reset request for your account.',
        'Reset Password',
        'This password reset link will expire in 60 minutes. If you did not request a password reset, no further action is required.',
      ],
      [
        HOSTILE,
        `An account has been created for you at ${HOSTILE}. Set your password to sign in.`,
        'Set Password',
        'This link will expire in 7 days.',
      ],
    ] as const) {
      const link = `http://acme.localhost:3000/reset-password/abc?email=${encodeURIComponent('a&b@example.com')}&x="1"`;
      expect(renderMessage([`Hello ${name},`, intro, { label: action, url: link }, after])).toEqual(
        oldPasswordLink(name, intro, action, link, after),
      );
    }
  });

  it('the provider notification, with its detail table', () => {
    const rows: [string, string][] = [
      ['Project', `P-1 ${HOSTILE}`],
      ['Start', '2026-11-21 08:00'],
      ['End', 'Not set'],
      ['Address', '1 <Main> St, Brisbane QLD 4000'],
      ['Assigned staff', 'Ann Lee, Bo "B" Chen'],
    ];
    const intro = `${HOSTILE} has assigned Sparks & Co to the following project.`;
    const link = 'http://acme.localhost:3000/projects/7?tab=provider&a=<b>';
    expect(renderMessage([`Hello Sparks & Co,`, intro, { rows }, { label: 'View the project', url: link }])).toEqual(
      oldProviderNotification('Sparks & Co', intro, rows, link),
    );
  });

  it('the certificate expiry reminder', () => {
    const line = `The White Card certificate (card, licence A&1) of ${HOSTILE} expires on 21/11/2026, in 7 days. It is mandatory: renew it and record the new certificate.`;
    const link = 'http://acme.localhost:3000/users/5/certifications';
    expect(renderMessage(['Hello,', line, { label: 'Certifications', url: link }])).toEqual(
      oldCertificateReminder(line, link),
    );
  });
});

describe('messageText', () => {
  it('is the text part alone (what an SMS carries): paragraphs, then the link as "label: url"', () => {
    expect(
      messageText([
        'Your visit is booked for 21/11 at 8:00.',
        { label: 'Details', url: 'https://x.test/v/1' },
        'Thanks, Acme',
      ]),
    ).toBe('Your visit is booked for 21/11 at 8:00.\n\nDetails: https://x.test/v/1\n\nThanks, Acme\n');
  });
});
