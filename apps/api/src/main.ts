import { ConfigError, loadConfig, tenantUrl } from './config.js';
import { startRuntime } from './runtime.js';

const log = (msg: string) => console.log(msg);

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const started = Date.now();
  const runtime = await startRuntime(config, log, { logger: true });
  await runtime.app.listen({ port: config.port, host: config.host });
  const s = runtime.seeded;
  const lines = [
    '',
    `Siteflow is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s).`,
    `  Platform admin:  ${config.appUrl}/login${s.platformAdmin ? `   sign in as ${s.platformAdmin.email}${s.platformAdmin.password ? ` / ${s.platformAdmin.password}` : ''}` : ''}`,
  ];
  if (s.demo) {
    lines.push(
      `  Demo company:    ${tenantUrl(config, s.demo.slug)}/login   sign in as ${s.demo.adminEmail} / ${s.demo.password}`,
    );
    lines.push(`                   (staff: ${s.demo.staffEmails.join(', ')}; same password)`);
    if (s.demo.clientAdminEmail)
      lines.push(
        `  Client user:     ${tenantUrl(config, s.demo.slug)}/login   sign in as ${s.demo.clientAdminEmail} / ${s.demo.password}`,
      );
    if (s.demo.providerAdminEmail)
      lines.push(
        `  Provider user:   ${tenantUrl(config, s.demo.slug)}/login   sign in as ${s.demo.providerAdminEmail} / ${s.demo.password}`,
      );
  }
  lines.push(`  API docs:        ${config.appUrl}/api/docs`);
  lines.push(
    config.smtpUrl
      ? '  Mail goes out over SMTP.'
      : '  Mail lands in the built-in mailbox: sign in as platform admin, then Mailbox.',
  );
  lines.push(
    config.sms.gateway
      ? `  SMS goes out through ${new URL(config.sms.gateway.url).host}.`
      : '  SMS lands in the built-in mailbox.',
  );
  lines.push(
    `  Data:            ${config.databaseUrl ? 'DATABASE_URL' : `${config.dataDir}/postgres`} (files in ${config.dataDir}/files)`,
    '',
  );
  console.log(lines.join('\n'));

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log('Stopping Siteflow...');
      runtime.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((error) => {
  console.error(`Siteflow could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
