import { describe, expect, it } from 'vitest';
import {
  MESSAGE_TEMPLATE_TEXT,
  MESSAGE_VARIABLES,
  MessageTemplateInput,
  fillTemplate,
  withoutCustomMarker,
} from './templates.js';

describe('fillTemplate', () => {
  it('replaces known placeholders, with or without spaces inside the braces', () => {
    expect(fillTemplate('Hi {{user_name}}, {{ project_name }}!', { user_name: 'Ann', project_name: 'Roof' })).toBe(
      'Hi Ann, Roof!',
    );
  });

  it('leaves unknown variables and variables without a value visibly as they are', () => {
    expect(fillTemplate('{{nope}} {{project_name}} {{user_name}}', { user_name: 'Ann' })).toBe(
      '{{nope}} {{project_name}} Ann',
    );
  });

  it('fills a null value with nothing', () => {
    expect(fillTemplate('Ref: {{order_reference}}.', { order_reference: null })).toBe('Ref: .');
  });

  it('escapes values in HTML bodies only', () => {
    const values = { project_name: '<b>A & B</b>' };
    expect(fillTemplate('<p>{{project_name}}</p>', values, { html: true })).toBe(
      '<p>&#60;b&#62;A &#38; B&#60;/b&#62;</p>',
    );
    expect(fillTemplate('{{project_name}}', values)).toBe('<b>A & B</b>');
  });

  it('does not fill placeholders that a value itself contains', () => {
    expect(fillTemplate('{{user_name}}', { user_name: '{{project_name}}', project_name: 'X' })).toBe(
      '{{project_name}}',
    );
  });

  it('knows the sixteen variables of the spec', () => {
    expect(MESSAGE_VARIABLES.map((v) => v.name)).toEqual([
      'user_name',
      'client_trading_name',
      'service_provider_name',
      'project_name',
      'project_number',
      'order_reference',
      'project_start_date',
      'project_end_date',
      'project_completion_date',
      'project_manager_name',
      'project_manager_mobile',
      'project_manager_email',
      'account_manager_name',
      'site_contact_name',
      'site_contact_mobile',
      'site_contact_email',
    ]);
  });

  it('removes the custom marker from a name', () => {
    expect(withoutCustomMarker('Welcome (Custom Email)')).toBe('Welcome');
  });
});

describe('MessageTemplateInput', () => {
  const issues = (input: unknown) => {
    const r = MessageTemplateInput.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it('needs a name, a body and, for an e-mail, a subject', () => {
    expect(issues({ channel: 'email', name: ' ', body: '<p></p>' })).toEqual({
      name: MESSAGE_TEMPLATE_TEXT.nameRequired,
      subject: MESSAGE_TEMPLATE_TEXT.subjectRequired,
      body: MESSAGE_TEMPLATE_TEXT.bodyRequired,
    });
  });

  it('drops the subject of an SMS and limits its length', () => {
    const sms = MessageTemplateInput.parse({ channel: 'sms', name: 'Hi', subject: 'x', body: ' Hello ' });
    expect(sms).toMatchObject({ subject: null, body: 'Hello', status: 'Active', client_id: null });
    expect(issues({ channel: 'sms', name: 'Hi', body: 'x'.repeat(1601) })).toEqual({
      body: MESSAGE_TEMPLATE_TEXT.smsTooLong,
    });
  });
});
