import type { Transport } from './mail.js';

/** SMS_URL, SMS_TIMEOUT_MS: where text messages go when they do not land in the built-in mailbox. */
export type SmsGateway = { url: string; timeoutMs: number };

/** A Twilio Messaging Service id ('MG' + 32 hex digits): sent as MessagingServiceSid instead of From. */
const MESSAGING_SERVICE_SID = /^MG[0-9a-f]{32}$/i;

/**
 * Text messages over HTTP, in the shape of Twilio's Messages API (which other gateways copy):
 * `POST <SMS_URL>` with a form body `To`, `From` (or `MessagingServiceSid`), `Body`, and HTTP
 * Basic authentication from the URL's user and password, e.g.
 * `https://ACxxx:token@api.twilio.com/2010-04-01/Accounts/ACxxx/Messages.json`.
 * Any 2xx is accepted; anything else, a network error or no answer within `timeoutMs` throws,
 * so the outbox records the attempt and the queue retries it. The error names the status and the
 * gateway's message, never the credentials.
 */
export function smsGatewayTransport(gateway: SmsGateway): Transport {
  const url = new URL(gateway.url);
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  // fetch refuses a URL with credentials in it: they travel in the Authorization header instead.
  url.username = '';
  url.password = '';
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (user || password) headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  return {
    async deliver(m) {
      if (m.channel !== 'sms') throw new Error(`The SMS gateway sends text messages, not ${m.channel}`);
      const body = new URLSearchParams({
        To: m.to,
        [MESSAGING_SERVICE_SID.test(m.from) ? 'MessagingServiceSid' : 'From']: m.from,
        Body: m.text,
      });
      let res: Response;
      try {
        res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(gateway.timeoutMs) });
      } catch (error) {
        const reason =
          error instanceof Error && error.name === 'TimeoutError'
            ? `no answer within ${gateway.timeoutMs} ms`
            : String(error);
        throw new Error(`SMS gateway ${url.host}: ${reason}`, { cause: error });
      }
      const answer = await res.text().catch(() => '');
      if (!res.ok) throw new Error(`SMS gateway ${url.host} answered ${res.status}: ${gatewayMessage(answer)}`);
    },
  };
}

/** Twilio's error body is JSON with a `message`; other gateways' bodies are shown as they are, shortened. */
function gatewayMessage(answer: string): string {
  try {
    const parsed = JSON.parse(answer) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message.slice(0, 300);
  } catch {
    // not JSON
  }
  return answer.slice(0, 300) || '(no body)';
}
