import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { TASK_MESSAGE_TEXT } from '@siteflow/core';
import * as factories from '../../../test/factories.js';
import { asOwner, mailsTo, uniq, waitForMail } from '../../../test/harness.js';
import { signedIn, twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';
import { messageTemplates, projectLinks, siteContacts, taskHistory, tasks } from '../../platform/db/schema.js';
import { sendTaskNotices } from './notices.js';

// A task's e-mail and SMS (issue 12 section 5): saved on the task, filled from the project, sent
// through the outbox (here delivered into the built-in mailbox at commit) and kept in its history.
let t: TestApp, a: TestTenant, asA: As, asB: As, asClient: As;
let project: factories.TestProject, emailTemplate: string, smsTemplate: string, siteEmail: string;

async function newTask(projectId = project.id, status: 'Pending' | 'Voided' = 'Pending') {
  return asOwner(a.id, async (tx) => {
    const [row] = await tx
      .insert(tasks)
      .values({ tenantId: a.id, projectId, position: 1, title: `Call ${uniq()}`, status })
      .returning({ id: tasks.id });
    return row!.id;
  });
}

beforeAll(async () => {
  ({ t, a, asA, asB } = await twoCompanies());
  const client = await factories.createClientCo(a);
  project = await factories.createProject(a, client, { name: `Switchboard ${uniq()}` });
  siteEmail = `site-${uniq()}@example.test`;
  await asOwner(a.id, (tx) =>
    tx
      .update(siteContacts)
      .set({ email: siteEmail, phone: '0412 345 678' })
      .where(and(eq(siteContacts.tenantId, a.id), eq(siteContacts.projectId, project.id))),
  );
  asClient = await signedIn(t, a, await factories.createClientUser(a, client.id, 'client_admin'));
  const email = await asA({
    method: 'POST',
    url: '/api/message-templates',
    body: {
      channel: 'email',
      name: `Booked ${uniq()}`,
      subject: 'Project {{project_number}} booked',
      body: '<p>Hello {{site_contact_name}}, {{project_name}} is booked.</p>',
      status: 'Active',
    },
  });
  expect(email.status, email.text).toBe(201);
  emailTemplate = email.json.id;
  const sms = await asA({
    method: 'POST',
    url: '/api/message-templates',
    body: {
      channel: 'sms',
      name: `On our way ${uniq()}`,
      body: 'Hi {{site_contact_name}}, we are on the way to {{project_number}}.',
      status: 'Active',
    },
  });
  expect(sms.status, sms.text).toBe(201);
  smsTemplate = sms.json.id;
});
afterAll(() => t.close());

const history = (taskId: number) =>
  asOwner(a.id, (tx) =>
    tx.select().from(taskHistory).where(eq(taskHistory.taskId, taskId)).orderBy(desc(taskHistory.id)),
  );

/** Saves the task's e-mail choice (as company A's user by default). */
const saveEmail = (id: number, body: Record<string, unknown>, as: As = asA) =>
  as({ method: 'PUT', url: `/api/tasks/${id}/email`, body });
/** The task's e-mail for the project's site contact with the e-mail template. */
const emailSiteContact = (id: number, as: As = asA) =>
  saveEmail(id, { recipient: 'Site Contact', template_id: emailTemplate }, as);

describe('a task’s e-mail', () => {
  it('is saved with its recipient, previewed from the project, sent with CC and kept in the history', async () => {
    const id = await newTask();
    const empty = await asA({ url: `/api/tasks/${id}/email` });
    expect(empty.status).toBe(200);
    expect(empty.json.problem).toBe(TASK_MESSAGE_TEXT.noContact);

    const saved = await emailSiteContact(id);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.message).toBe('Email Saved');
    expect(saved.json.preview).toMatchObject({
      to: siteEmail,
      to_name: 'Site Sam',
      contact: 'Site Contact',
      subject: `Project ${project.code} booked`,
      problem: null,
    });
    expect(saved.json.preview.body).toContain(`Hello Site Sam, ${project.name} is booked.`);

    const sent = await asA({
      method: 'POST',
      url: `/api/tasks/${id}/email/send`,
      body: { cc: ['boss@example.test'], subject: 'Booked!' },
    });
    expect(sent.status, sent.text).toBe(200);
    const mail = await waitForMail(siteEmail, { subject: 'Booked!' });
    expect(mail.cc).toBe('boss@example.test');
    expect(mail.text).toContain(`Hello Site Sam, ${project.name} is booked.`);
    const [row] = await history(id);
    expect(row).toMatchObject({
      type: 'Email',
      description: `E-mail 'Booked!' sent to Site Sam <${siteEmail}>, CC boss@example.test.`,
    });
  });

  it('refuses a bad CC, a contact of the wrong recipient and a template of the other kind, per field', async () => {
    const id = await newTask();
    const cc = await saveEmail(id, { recipient: 'Client', contact: 'Plumber', template_id: emailTemplate });
    expect(cc.status).toBe(422);
    expect(cc.json.errors.contact).toEqual([TASK_MESSAGE_TEXT.noContact]);
    const kind = await saveEmail(id, { recipient: 'Site Contact', template_id: smsTemplate });
    expect(kind.status).toBe(422);
    expect(kind.json.errors.template_id).toEqual([TASK_MESSAGE_TEXT.templateChannel]);
    await emailSiteContact(id);
    const bad = await asA({ method: 'POST', url: `/api/tasks/${id}/email/send`, body: { cc: ['not an address'] } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors['cc.0']).toEqual([TASK_MESSAGE_TEXT.ccInvalid]);
    expect(await mailsTo('not an address')).toEqual([]);
  });

  it('flags a contact without an e-mail address before anything is sent, and sends nothing', async () => {
    const id = await newTask();
    const saved = await saveEmail(id, { recipient: 'Client', contact: 'Finance', template_id: emailTemplate });
    expect(saved.status).toBe(200);
    expect(saved.json.preview.problem).toBe(TASK_MESSAGE_TEXT.noEmail);
    const sent = await asA({ method: 'POST', url: `/api/tasks/${id}/email/send`, body: {} });
    expect(sent.status).toBe(422);
    expect(sent.json.errors.contact).toEqual([TASK_MESSAGE_TEXT.noEmail]);
    expect(await history(id)).toEqual([]);
  });

  it('clears the template; a voided task is locked', async () => {
    const id = await newTask();
    await emailSiteContact(id);
    const cleared = await asA({ method: 'DELETE', url: `/api/tasks/${id}/email` });
    expect(cleared.status).toBe(200);
    expect(cleared.json.preview.template_id).toBeNull();
    const voided = await newTask(project.id, 'Voided');
    expect((await emailSiteContact(voided)).status).toBe(409);
  });
});

describe('documents in the e-mail', () => {
  it('lists the project’s links and puts the chosen ones in the e-mail; another project’s is a 422', async () => {
    const id = await newTask();
    const other = await factories.createProject(a, await factories.createClientCo(a));
    const [plan, permit, elsewhere] = await asOwner(a.id, (tx) =>
      tx
        .insert(projectLinks)
        .values([
          { tenantId: a.id, projectId: project.id, title: 'Site plan', url: 'https://files.example/plan.pdf?a=1&b=2' },
          { tenantId: a.id, projectId: project.id, title: 'Permit <A>', url: 'https://files.example/permit.pdf' },
          { tenantId: a.id, projectId: other.id, title: 'Not this one', url: 'https://files.example/other.pdf' },
        ])
        .returning({ id: projectLinks.id }),
    );
    const list = await asA({ url: `/api/tasks/${id}/email/attachments` });
    expect(list.status).toBe(200);
    expect(list.json.items.map((l: { title: string }) => l.title)).toEqual(['Permit <A>', 'Site plan']);
    await saveEmail(id, { recipient: 'Site Contact', template_id: emailTemplate });
    const foreign = await asA({
      method: 'POST',
      url: `/api/tasks/${id}/email/send`,
      body: { attachments: [elsewhere!.id], subject: 'Docs' },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.json.errors.attachments).toEqual([TASK_MESSAGE_TEXT.attachment]);
    const sent = await asA({
      method: 'POST',
      url: `/api/tasks/${id}/email/send`,
      body: { attachments: [plan!.id, permit!.id], subject: 'Docs' },
    });
    expect(sent.status, sent.text).toBe(200);
    const mail = await waitForMail(siteEmail, { subject: 'Docs' });
    expect(mail.html).toContain('<li><a href="https://files.example/plan.pdf?a=1&#38;b=2">Site plan</a></li>');
    expect(mail.html).toContain('Permit &#60;A&#62;');
    expect(mail.text).toContain('Site plan');
    expect(mail.text).toContain('Permit <A>');
    const [row] = await history(id);
    expect(row!.description).toContain('with Permit <A>, Site plan.');
  });
});

describe('Edit Template', () => {
  it('saves the task’s own copy named with (Custom Email), used by this task only, and reverts it', async () => {
    const [one, other] = [await newTask(), await newTask()];
    for (const id of [one, other]) await emailSiteContact(id);
    const original = await asA({ url: `/api/tasks/${one}/email/template` });
    expect(original.json).toMatchObject({
      id: emailTemplate,
      subject: 'Project {{project_number}} booked',
      custom: false,
    });

    const empty = await asA({
      method: 'PUT',
      url: `/api/tasks/${one}/email/template`,
      body: { subject: ' ', body: '<p>x</p>' },
    });
    expect(empty.status).toBe(422);
    expect(empty.json.errors.subject).toEqual([TASK_MESSAGE_TEXT.subjectRequired]);

    const saved = await asA({
      method: 'PUT',
      url: `/api/tasks/${one}/email/template`,
      body: { subject: 'Urgent: {{project_number}}', body: '<p>Call {{site_contact_name}} today.</p>' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.template).toMatchObject({ custom: true, subject: 'Urgent: {{project_number}}' });
    expect(saved.json.template.id).not.toBe(emailTemplate);
    expect(saved.json.preview).toMatchObject({
      subject: `Urgent: ${project.code}`,
      template_id: saved.json.template.id,
    });
    const copies = await asOwner(a.id, (tx) =>
      tx.select().from(messageTemplates).where(eq(messageTemplates.originalTemplateId, emailTemplate)),
    );
    expect(copies.map((c) => c.name)).toEqual([`${original.json.name} (Custom Email)`]);
    // The other task keeps the original.
    expect((await asA({ url: `/api/tasks/${other}/email` })).json.template_id).toBe(emailTemplate);

    const reverted = await asA({ method: 'DELETE', url: `/api/tasks/${one}/email/template` });
    expect(reverted.status).toBe(200);
    expect(reverted.json.template).toMatchObject({ id: emailTemplate, custom: false });
    const left = await asOwner(a.id, (tx) =>
      tx.select().from(messageTemplates).where(eq(messageTemplates.originalTemplateId, emailTemplate)),
    );
    expect(left).toEqual([]);
    expect((await asA({ method: 'DELETE', url: `/api/tasks/${one}/email/template` })).status).toBe(422);
  });
});

describe('a task’s SMS', () => {
  it('goes to the contact’s mobile in E.164 through the outbox and into the history', async () => {
    const id = await newTask();
    const saved = await asA({
      method: 'PUT',
      url: `/api/tasks/${id}/sms`,
      body: { recipient: 'Site Contact', template_id: smsTemplate },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.message).toBe('SMS Saved');
    expect(saved.json.preview).toMatchObject({
      to: '0412 345 678',
      body: `Hi Site Sam, we are on the way to ${project.code}.`,
    });
    const sent = await asA({ method: 'POST', url: `/api/tasks/${id}/sms/send`, body: {} });
    expect(sent.status, sent.text).toBe(200);
    const [sms] = await mailsTo('+61412345678');
    expect(sms).toMatchObject({ channel: 'sms', text: `Hi Site Sam, we are on the way to ${project.code}.` });
    const [row] = await history(id);
    expect(row).toMatchObject({ type: 'SMS', description: 'SMS sent to Site Sam (+61412345678).' });
  });
});

describe('who may use them', () => {
  it('is for company roles of the task’s company', async () => {
    const id = await newTask();
    expect((await asClient({ url: `/api/tasks/${id}/email` })).status).toBe(403);
    expect((await asClient({ method: 'POST', url: `/api/tasks/${id}/sms/send`, body: {} })).status).toBe(403);
    expect((await asB({ url: `/api/tasks/${id}/email` })).status).toBe(404);
    expect((await emailSiteContact(id, asB)).status).toBe(404);
  });
});

describe('scheduled notices and reminders', () => {
  const jobDeps = () => ({ db: t.deps.db, outbox: t.deps.outbox, clock: t.clock, config: { appUrl: t.config.appUrl } });
  const setTask = (id: number, values: Partial<typeof tasks.$inferInsert>) =>
    asOwner(a.id, (tx) => tx.update(tasks).set(values).where(eq(tasks.id, id)));

  it('shows when they go, sends them at the due date once, and a completed task’s never', async () => {
    const [due, done] = [await newTask(), await newTask()];
    for (const id of [due, done]) {
      await emailSiteContact(id);
      await setTask(id, { emailReminder: true, userId: a.admin.id, dueDateAt: '2020-01-01 09:00' });
    }
    const waiting = await asA({ url: `/api/tasks/${due}/email` });
    expect(waiting.json).toMatchObject({ notice_at: '2020-01-01 09:00', reminder_at: '2020-01-01 09:00' });
    await setTask(done, { status: 'Completed' });

    const before = (await mailsTo(siteEmail)).length;
    await sendTaskNotices(jobDeps());
    const notices = await mailsTo(siteEmail);
    expect(notices.length).toBe(before + 1);
    expect(notices[0]!.subject).toBe(`Project ${project.code} booked`);
    const reminder = await waitForMail(a.admin.email, { subject: `Reminder: ${await taskTitle(due)} is due` });
    expect(reminder.text).toContain(`/projects/${project.id}/show#todos`);
    expect((await history(due)).map((h) => h.description)).toEqual([
      `Reminder e-mail sent to ${a.admin.email}.`,
      `Notice e-mail 'Project ${project.code} booked' sent to Site Sam <${siteEmail}>.`,
    ]);
    expect(await history(done)).toEqual([]);
    // Sent once: a second run sends nothing more, and the task no longer shows them waiting.
    await sendTaskNotices(jobDeps());
    expect((await mailsTo(siteEmail)).length).toBe(before + 1);
    expect((await asA({ url: `/api/tasks/${due}/email` })).json).toMatchObject({ notice_at: null, reminder_at: null });
  });
});

const taskTitle = async (id: number) =>
  (await asOwner(a.id, (tx) => tx.select({ title: tasks.title }).from(tasks).where(eq(tasks.id, id))))[0]!.title;
