// Demo quotes and service provider agreements (features/quotes, features/agreements; issues 13 and 14):
// an Accepted quote with two agreements (SparkRight's not yet answered, so its users can accept it),
// a Draft quote, and a Draft sent to Harbourside's users (so the client admin can answer it online).
// Written with the codes, versions and columns the quote and agreement services write.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { quoteBaseCode, quoteCode, QuoteSaveInput, type LineItemInput, type QuoteSaveData } from '@siteflow/core';
import type { Db, Tx } from '../platform/db/client.js';
import {
  projects,
  quoteLineItems,
  quoteSections,
  quotes,
  serviceProviderAgreements,
  serviceProviderAgreementSections,
  serviceProviders,
  users,
  workItems,
} from '../platform/db/schema.js';
import { DEMO_WORK_ITEMS } from './catalogue.js';
import { seedOnce } from './once.js';
import { DEMO_CLIENT_ADMIN } from './projects.js';
import { DEMO_PROVIDER_ADMIN } from './providers.js';

const LOCK = 727015;

/** The second provider of the Accepted quote (Plumbing); another Approved provider when it is gone. */
export const DEMO_PLUMBER = 'Rivercity Plumbing & Gas';
export const DEMO_AGREEMENT_NOTES = 'Site access via the loading dock; induction on day one.';

const service = (description: string, quantity: string, sell: string, cost: string, longDescription?: string) =>
  ({
    id: null,
    category: 'Service',
    description,
    long_description: longDescription ?? null,
    supplied_by: 'Company',
    quantity,
    unit_sell_price: sell,
    unit_cost: cost,
  }) satisfies LineItemInput;
const other = (description: string, quantity: string, sell: string, cost: string) =>
  ({ ...service(description, quantity, sell, cost), category: 'Other' }) satisfies LineItemInput;
/**
 * A Product line of the demo catalogue's item `code`, as the line item modal fills it from the item
 * (name, prices, code, supplier, order status Unknown); the seed links it to the stored item.
 */
function product(code: string, quantity: string): LineItemInput {
  const item = DEMO_WORK_ITEMS.find((w) => w.item_code === code);
  if (!item) throw new Error(`No demo catalogue item ${code}`);
  return {
    ...service(item.name, quantity, String(item.unit_sell_price ?? 0), String(item.unit_cost ?? 0)),
    category: 'Product',
    product: { work_item_id: null, product_code: code, supplier_name: item.supplier_name, order_status: 'Unknown' },
  };
}

type DemoQuote = { quote: QuoteSaveInput; contracts?: Record<string, string> };

/** The Accepted quote: an office refit; `contracts` are the agreements' prices of its sections (below their sell price). */
export const DEMO_ACCEPTED_QUOTE = {
  quote: {
    version: 1,
    note: 'Prices in AUD excluding GST. Works run over two weekends so the office keeps trading; valid for 30 days.',
    sections: [
      {
        id: null,
        name: 'Electrical rough-in',
        note: 'Existing switchboard has spare capacity (checked on the site visit).',
        line_items: [
          service(
            'New sub-circuits from the main switchboard',
            '1',
            '2850.00',
            '1900.00',
            'Three new circuits for the kitchenette and meeting rooms, RCD protected.',
          ),
          service('Licensed electrician labour (per hour)', '16', '115.00', '78.00'),
          other('Cable, conduit and consumables', '1', '640.00', '410.00'),
          product('LED-DL10', '24'),
        ],
      },
      {
        id: null,
        name: 'Plumbing',
        note: null,
        line_items: [
          service('Relocate kitchenette sink and waste', '1', '1650.00', '1150.00'),
          service('Install instantaneous gas hot water unit', '1', '1280.00', '880.00'),
          other('Plumbing compliance certificate (Form 4)', '1', '180.00', '180.00'),
          product('CU-15B', '6'),
        ],
      },
      {
        id: null,
        name: 'Fit-off and commissioning',
        note: null,
        line_items: [
          service('Fit-off power points, switches and lighting', '1', '1980.00', '1320.00'),
          service('Test and tag, RCD testing and certificate of compliance', '1', '420.00', '260.00'),
          product('EL-GPO2', '12'),
        ],
      },
    ],
  },
  contracts: { 'Electrical rough-in': '4300.00', Plumbing: '2450.00', 'Fit-off and commissioning': '1950.00' },
} satisfies DemoQuote;

/** A Draft still being priced (a split system, for a project of that kind when there is one). */
export const DEMO_DRAFT_QUOTE = {
  quote: {
    version: 1,
    note: 'Draft: waiting on the client to confirm the condenser location on the roof.',
    sections: [
      {
        id: null,
        name: 'Split system supply and install',
        note: null,
        line_items: [
          service('Supply and install 7.1 kW split system (back-to-back)', '1', '3890.00', '2950.00'),
          service('Condensate drain and wall penetration', '1', '280.00', '150.00'),
        ],
      },
      {
        id: null,
        name: 'Electrical connection',
        note: null,
        line_items: [
          service('Dedicated 20A circuit and outdoor isolator', '1', '690.00', '420.00'),
          other('Electrical safety certificate', '1', '95.00', '95.00'),
        ],
      },
    ],
  },
} satisfies DemoQuote;

/** The Draft sent to Harbourside's users (data cabling, for a project of that kind when there is one). */
export const DEMO_SENT_QUOTE = {
  quote: {
    version: 1,
    note: 'Prices in AUD excluding GST. Cabling runs out of hours so the floor keeps working; valid for 30 days.',
    sections: [
      {
        id: null,
        name: 'Data cabling',
        note: null,
        line_items: [
          service('Cat6 data outlets installed and terminated', '24', '165.00', '98.00'),
          other('Cable tray, fixings and consumables', '1', '520.00', '340.00'),
        ],
      },
      {
        id: null,
        name: 'Comms rack and testing',
        note: null,
        line_items: [
          service('Supply and install 24RU comms rack with patch panels', '1', '2150.00', '1480.00'),
          service('Fluke test and certification report', '1', '480.00', '260.00'),
        ],
      },
    ],
  },
} satisfies DemoQuote;

export type DemoQuotesReport = { created: boolean; quotes: number; agreements: number };

type Project = { id: number; code: string };

/**
 * The demo company's quotes and agreements, once (when it has no quote): after the projects,
 * providers and catalogue seeds. Nothing is written while there is no project to quote for.
 */
export function seedDemoQuotes(db: Db, tenantId: string): Promise<DemoQuotesReport> {
  return seedOnce(db, tenantId, {
    lock: LOCK,
    table: quotes,
    existing: (n) => ({ created: false, quotes: n, agreements: 0 }),
    create: async (tx) => {
      const nothing = { created: false, quotes: 0, agreements: 0 };
      const [admin] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'company_admin'), eq(users.active, true)))
        .orderBy(asc(users.createdAt), asc(users.email))
        .limit(1);
      if (!admin) return nothing;
      // Harbourside: the client of the demo client admin.
      const [grace] = await tx
        .select({ clientId: users.clientId })
        .from(users)
        .where(eq(users.email, DEMO_CLIENT_ADMIN.email));
      const harbourside = grace?.clientId ?? null;
      const notHarbourside = harbourside ? ne(projects.clientId, harbourside) : sql`true`;
      // A project of the condition: those still being quoted first, then live work, then the rest;
      // of these one whose name fits the quote first.
      const pick = (where: ReturnType<typeof and>, names: string[]) =>
        tx
          .select({ id: projects.id, code: projects.code })
          .from(projects)
          .where(where)
          .orderBy(
            sql`case ${projects.status} when 'quote' then 0 when 'order' then 1 when 'scheduled' then 1 else 2 end`,
            sql`${projects.name} ilike any(${`{${names.join(',')}}`}::text[]) desc`,
            asc(projects.id),
          )
          .limit(1);
      const [live] = await pick(and(inArray(projects.status, ['scheduled', 'order']), notHarbourside), [
        'Office rewire%',
        'Switchboard%',
      ]);
      if (!live) return nothing;
      const [draft] = await pick(and(ne(projects.id, live.id), notHarbourside), ['Split system%']);
      const [sent] = harbourside
        ? await pick(and(eq(projects.clientId, harbourside), ne(projects.id, live.id)), ['Data cabling%'])
        : [];

      const write = (project: Project, demo: DemoQuote, extra: Partial<typeof quotes.$inferInsert>) =>
        insertQuote(tx, tenantId, admin.id, project, QuoteSaveInput.parse(demo.quote), extra);
      const accepted = await write(live, DEMO_ACCEPTED_QUOTE, { status: 'Accepted', version: 3 });
      let count = 1;
      if (draft) {
        await write(draft, DEMO_DRAFT_QUOTE, { version: 2 });
        count++;
      }
      // Sent to the client's users as 'Send to Client' records it (the demo sends no e-mail).
      if (sent) {
        await write(sent, DEMO_SENT_QUOTE, { version: 2, sentAt: new Date(), sentBy: admin.id });
        count++;
      }

      // The agreements: SparkRight the two electrical sections (no answer yet), the plumber the plumbing.
      await tx
        .update(serviceProviders)
        .set({ statusCode: 'approved' })
        .where(
          and(eq(serviceProviders.name, DEMO_PROVIDER_ADMIN.provider), ne(serviceProviders.statusCode, 'approved')),
        );
      const [spark] = await tx
        .select({ id: serviceProviders.id })
        .from(serviceProviders)
        .where(eq(serviceProviders.name, DEMO_PROVIDER_ADMIN.provider))
        .limit(1);
      const [plumber] = await tx
        .select({ id: serviceProviders.id })
        .from(serviceProviders)
        .where(and(eq(serviceProviders.statusCode, 'approved'), spark ? ne(serviceProviders.id, spark.id) : sql`true`))
        .orderBy(sql`${serviceProviders.name} = ${DEMO_PLUMBER} desc`, asc(serviceProviders.name))
        .limit(1);
      const plan = [
        {
          provider: spark,
          sections: ['Electrical rough-in', 'Fit-off and commissioning'],
          notes: DEMO_AGREEMENT_NOTES,
        },
        { provider: plumber, sections: ['Plumbing'], notes: null },
      ];
      let number = 0;
      for (const a of plan) {
        if (!a.provider) continue;
        number++;
        const [row] = await tx
          .insert(serviceProviderAgreements)
          .values({
            tenantId,
            quoteId: accepted.id,
            projectId: live.id,
            number,
            name: `${quoteCode(accepted.code, 1)}-SPA${number}`,
            serviceProviderId: a.provider.id,
            notes: a.notes,
            // Created, then saved with its provider, sections and prices (as the screen does it).
            version: 2,
            createdBy: admin.id,
            updatedBy: admin.id,
          })
          .returning({ id: serviceProviderAgreements.id });
        await tx.insert(serviceProviderAgreementSections).values(
          a.sections.map((name) => ({
            tenantId,
            agreementId: row!.id,
            sectionId: accepted.sections.get(name)!,
            contractPrice: DEMO_ACCEPTED_QUOTE.contracts[name as keyof typeof DEMO_ACCEPTED_QUOTE.contracts],
            active: true,
          })),
        );
      }
      return { created: true, quotes: count, agreements: number };
    },
  });
}

/**
 * A quote of the project, number 1 revision 1 (the project has none: the seed runs only then),
 * created and saved by `userId`, with its sections and line items in order; Product lines linked
 * to the catalogue item of their product code, as the line item modal links them.
 */
async function insertQuote(
  tx: Tx,
  tenantId: string,
  userId: string,
  project: Project,
  data: QuoteSaveData,
  extra: Partial<typeof quotes.$inferInsert>,
) {
  const codes = data.sections.flatMap((s) => s.line_items.map((l) => l.product?.product_code ?? '')).filter(Boolean);
  const catalogue = new Map(
    (
      await tx
        .select({
          id: workItems.id,
          code: workItems.itemCode,
          supplier: workItems.supplierName,
          sell: workItems.unitSellPrice,
          cost: workItems.unitCost,
        })
        .from(workItems)
        .where(inArray(workItems.itemCode, codes.length ? codes : ['']))
    ).map((w) => [w.code, w]),
  );
  const code = quoteBaseCode(project.code, 1);
  const [quote] = await tx
    .insert(quotes)
    .values({
      tenantId,
      projectId: project.id,
      number: 1,
      code,
      note: data.note,
      createdBy: userId,
      updatedBy: userId,
      ...extra,
    })
    .returning({ id: quotes.id });
  const sectionRows = await tx
    .insert(quoteSections)
    .values(
      data.sections.map((s, position) => ({ tenantId, quoteId: quote!.id, position, name: s.name, note: s.note })),
    )
    .returning({ id: quoteSections.id, position: quoteSections.position });
  const sectionIds = new Map(sectionRows.map((r) => [r.position, r.id]));
  await tx.insert(quoteLineItems).values(
    data.sections.flatMap((s, si) =>
      s.line_items.map((l, position) => {
        const item = l.product?.product_code ? catalogue.get(l.product.product_code) : undefined;
        return {
          tenantId,
          quoteId: quote!.id,
          sectionId: sectionIds.get(si)!,
          position,
          category: l.category,
          description: l.description,
          longDescription: l.long_description,
          generalNotes: l.general_notes,
          suppliedBy: l.supplied_by,
          quantity: l.quantity,
          unitSellPrice: item?.sell ?? l.unit_sell_price,
          unitCost: item?.cost ?? l.unit_cost,
          workItemId: item?.id ?? null,
          productCode: l.product?.product_code ?? null,
          supplierName: item?.supplier ?? l.product?.supplier_name ?? null,
          orderStatus: l.product?.order_status ?? null,
        };
      }),
    ),
  );
  return {
    id: quote!.id,
    code,
    sections: new Map(data.sections.map((s, i) => [s.name, sectionIds.get(i)!])),
  };
}
