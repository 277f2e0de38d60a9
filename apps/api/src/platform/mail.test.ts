import { describe, expect, it } from 'vitest';
import { channelTransport, smtpTransport, type Delivered, type Transport } from './mail.js';

const message = (channel: Delivered['channel']): Delivered => ({
  channel,
  to: 'x',
  from: 'y',
  subject: '',
  text: 'Hi',
  tenantName: null,
});

describe('transports', () => {
  it('channelTransport hands each message to its channel’s transport', async () => {
    const seen: string[] = [];
    const recording = (name: string): Transport => ({ deliver: async (m) => void seen.push(`${name}:${m.channel}`) });
    const transport = channelTransport({ email: recording('smtp'), sms: recording('gateway') });
    await transport.deliver(message('sms'));
    await transport.deliver(message('email'));
    expect(seen).toEqual(['gateway:sms', 'smtp:email']);
  });

  it('the SMTP transport refuses a text message instead of mailing a phone number', async () => {
    await expect(smtpTransport('smtp://127.0.0.1:9').deliver(message('sms'))).rejects.toThrow('not sms');
  });
});
