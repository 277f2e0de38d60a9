import { and, eq } from 'drizzle-orm';
import type { Deps } from '../platform/context.js';
import { withTenant } from '../platform/db/client.js';
import { PLATFORM_TENANT_ID, settings, tenants, users } from '../platform/db/schema.js';
import { hashPassword } from '../platform/passwords.js';
import { sanitizeSettingHtml } from '../features/settings/service.js';
import { seedDemoCertificates } from './certificates.js';
import { seedDemoMessageTemplates } from './messages.js';
import { seedDemoTasks } from './tasks.js';
import { seedDemoCatalogue } from './catalogue.js';
import { seedDemoFinance } from './finance.js';
import { seedDemoProjects } from './projects.js';
import { seedDemoProviders } from './providers.js';
import { seedDemoQuotes } from './quotes.js';

export const DEMO_PLATFORM_ADMIN = { email: 'admin@siteflow.test', password: 'siteflow-admin' };
export const DEMO_PASSWORD = 'siteflow-demo';
export const DEMO_SLUG = 'demo';

export type SeedReport = {
  platformAdmin: { email: string; password: string | null } | null;
  demo: {
    slug: string;
    adminEmail: string;
    staffEmails: string[];
    password: string;
    clientAdminEmail: string;
    /** A service-provider admin (sp_admin) who signs in with the same password. */
    providerAdminEmail: string;
  } | null;
};

const DEMO_STAFF = [
  {
    email: 'olivia.nguyen@demo.test',
    firstName: 'Olivia',
    lastName: 'Nguyen',
    role: 'company_admin',
    position: 'Operations Manager',
    isProjectManager: true,
    phone: '0412 555 101',
    mobile: '0412 555 101',
    suburb: 'Brisbane City',
    state: 'QLD',
    postcode: '4000',
  },
  {
    email: 'jack.wilson@demo.test',
    firstName: 'Jack',
    lastName: 'Wilson',
    role: 'company_employee',
    position: 'Project Manager',
    isProjectManager: true,
    phone: '0412 555 102',
    mobile: '0412 555 102',
    suburb: 'South Brisbane',
    state: 'QLD',
    postcode: '4101',
  },
  {
    email: 'mia.thompson@demo.test',
    firstName: 'Mia',
    lastName: 'Thompson',
    role: 'company_employee',
    position: 'Project Administrator',
    isProjectManager: false,
    phone: '0412 555 103',
    mobile: '0412 555 103',
    suburb: 'Fortitude Valley',
    state: 'QLD',
    postcode: '4006',
  },
  {
    email: 'liam.patel@demo.test',
    firstName: 'Liam',
    lastName: 'Patel',
    role: 'company_employee',
    position: 'Sales Representative',
    isProjectManager: false,
    phone: '0412 555 104',
    mobile: '0412 555 104',
    suburb: 'Parramatta',
    state: 'NSW',
    postcode: '2150',
  },
  {
    email: 'chloe.smith@demo.test',
    firstName: 'Chloe',
    lastName: 'Smith',
    role: 'company_employee',
    position: 'Project Manager',
    isProjectManager: true,
    phone: '0412 555 105',
    mobile: '0412 555 105',
    suburb: 'Carlton',
    state: 'VIC',
    postcode: '3053',
  },
] as const;

const LEGAL = [
  {
    key: 'terms-and-conditions',
    value:
      '<h2>Terms and Conditions</h2><p>These terms apply to all work ordered through <strong>Demo Constructions</strong>. Quotes are valid for <em>30 days</em>.</p><ul><li>Payment is due within 14 days of invoice.</li><li>Variations must be approved in writing.</li></ul>',
  },
  {
    key: 'privacy-policy',
    value:
      '<h2>Privacy Policy</h2><p>We collect only the personal information needed to deliver your project.</p><blockquote>Contact <a href="mailto:privacy@demo.test">privacy@demo.test</a> with any question.</blockquote>',
  },
];

/** Idempotent: creates what is missing and never overwrites what a person has changed. */
export async function seed(deps: Pick<Deps, 'db' | 'config'>): Promise<SeedReport> {
  const { config, db } = deps;
  const report: SeedReport = { platformAdmin: null, demo: null };
  const admin = config.adminEmail
    ? { email: config.adminEmail, password: config.adminPassword! }
    : config.seedDemo
      ? DEMO_PLATFORM_ADMIN
      : null;
  if (admin) {
    const created = await withTenant(db, PLATFORM_TENANT_ID, async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, admin.email));
      if (existing) return false;
      await tx.insert(users).values({
        tenantId: PLATFORM_TENANT_ID,
        email: admin.email,
        firstName: 'Platform',
        lastName: 'Admin',
        role: 'platform_admin',
        passwordHash: await hashPassword(admin.password),
      });
      return true;
    });
    // Print a password only when it is the demo's well-known one or was just set from the environment.
    report.platformAdmin = {
      email: admin.email,
      password: config.adminEmail ? (created ? '(from ADMIN_PASSWORD)' : null) : admin.password,
    };
  }
  if (!config.seedDemo) return report;

  let [tenant] = await db.select().from(tenants).where(eq(tenants.slug, DEMO_SLUG));
  if (!tenant) {
    [tenant] = await db
      .insert(tenants)
      .values({
        kind: 'customer',
        slug: DEMO_SLUG,
        customerName: 'Demo Constructions Pty Ltd',
        email: DEMO_STAFF[0].email,
        firstName: DEMO_STAFF[0].firstName,
        lastName: DEMO_STAFF[0].lastName,
        phone: '07 3000 1000',
        position: 'Operations Manager',
        address: '100 Eagle Street',
        suburb: 'Brisbane City',
        state: 'QLD',
        postcode: '4000',
        staffPmFlag: true,
        staffSystemEmails: true,
      })
      .onConflictDoNothing()
      .returning();
    if (!tenant) [tenant] = await db.select().from(tenants).where(eq(tenants.slug, DEMO_SLUG));
  }
  const tenantId = tenant!.id;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await withTenant(db, tenantId, async (tx) => {
    for (const s of DEMO_STAFF) {
      await tx
        .insert(users)
        .values({ tenantId, ...s, address: '1 Demo Street', passwordHash })
        .onConflictDoNothing();
    }
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, DEMO_STAFF[0].email)));
    for (const l of LEGAL) {
      await tx
        .insert(settings)
        .values({ tenantId, key: l.key, value: sanitizeSettingHtml(l.value), updatedBy: owner?.id ?? null })
        .onConflictDoNothing();
    }
  });
  const today = new Date();
  const demoProjects = await seedDemoProjects(db, tenantId, { passwordHash, today });
  // Each part seeds once (when the tenant has none of its rows), so a demo made before providers existed gains them.
  const demoProviders = await seedDemoProviders(db, tenantId, { passwordHash, today });
  await seedDemoCertificates(db, tenantId, { today });
  await seedDemoMessageTemplates(db, tenantId);
  await seedDemoTasks(db, tenantId);
  await seedDemoCatalogue(db, tenantId);
  await seedDemoFinance(db, tenantId);
  // After the projects, providers and catalogue: quotes link catalogue items, agreements providers.
  await seedDemoQuotes(db, tenantId);
  report.demo = {
    clientAdminEmail: demoProjects.clientAdminEmail,
    providerAdminEmail: demoProviders.providerAdminEmail,
    slug: DEMO_SLUG,
    adminEmail: DEMO_STAFF[0].email,
    staffEmails: DEMO_STAFF.slice(1).map((s) => s.email),
    password: DEMO_PASSWORD,
  };
  return report;
}
