// Demo works and materials (features/catalogue): what an Australian fit-out and building
// maintenance company prices its quotes from, with the suppliers it buys from.
import { WorkItemInput } from '@siteflow/core';
import type { Db } from '../platform/db/client.js';
import { workItems } from '../platform/db/schema.js';
import { seedOnce } from './once.js';

const LOCK = 727009;

/** The items as a person would enter them (checked against the core contract when seeded). */
export const DEMO_WORK_ITEMS: WorkItemInput[] = [
  {
    name: 'Colorbond roof sheet 0.42 BMT (per lineal metre)',
    item_code: 'CB-042',
    supplier_name: 'Lysaght',
    unit_sell_price: '38.50',
    unit_cost: '27.10',
  },
  {
    name: 'Plasterboard 10mm 2400 x 1200',
    item_code: 'GYP-10-2412',
    supplier_name: 'Gyprock',
    unit_sell_price: '24.90',
    unit_cost: '15.60',
  },
  {
    name: 'Treated pine 90 x 45 MGP10 (per metre)',
    item_code: 'TP-9045',
    supplier_name: 'Bunnings Trade',
    unit_sell_price: '6.20',
    unit_cost: '3.95',
  },
  {
    name: 'General purpose cement 20kg',
    item_code: 'CEM-GP20',
    supplier_name: 'Boral',
    unit_sell_price: '14.50',
    unit_cost: '9.80',
  },
  {
    name: 'Ready-mix concrete 25 MPa (per cubic metre)',
    item_code: 'RMC-25',
    supplier_name: 'Holcim',
    unit_sell_price: '320.00',
    unit_cost: '245.00',
  },
  {
    name: 'Ceramic floor tile 600 x 600 (per square metre)',
    item_code: 'TILE-6060',
    supplier_name: 'Beaumont Tiles',
    unit_sell_price: '54.00',
    unit_cost: '36.50',
  },
  {
    name: 'Wet area waterproofing membrane 15L',
    item_code: 'WPM-15',
    supplier_name: 'Ardex',
    unit_sell_price: '289.00',
    unit_cost: '201.40',
  },
  {
    name: 'Interior low sheen paint 15L',
    item_code: 'PNT-LS15',
    supplier_name: 'Dulux',
    unit_sell_price: '219.00',
    unit_cost: '148.00',
  },
  {
    name: 'LED downlight 10W tri-colour',
    item_code: 'LED-DL10',
    supplier_name: 'Clipsal',
    unit_sell_price: '32.00',
    unit_cost: '18.75',
  },
  {
    name: 'Double power point (GPO) installed',
    item_code: 'EL-GPO2',
    supplier_name: 'Clipsal',
    unit_sell_price: '145.00',
    unit_cost: '62.00',
  },
  {
    name: 'Copper pipe 15mm type B (per 6m length)',
    item_code: 'CU-15B',
    supplier_name: 'Reece',
    unit_sell_price: '96.00',
    unit_cost: '71.30',
  },
  {
    name: 'Carpentry labour (per hour)',
    item_code: 'LAB-CARP',
    supplier_name: null,
    unit_sell_price: '95.00',
    unit_cost: '62.00',
  },
  {
    name: 'Licensed electrician labour (per hour)',
    item_code: 'LAB-ELEC',
    supplier_name: null,
    unit_sell_price: '115.00',
    unit_cost: '78.00',
  },
  {
    name: 'Site clean and rubbish removal',
    item_code: 'SVC-CLEAN',
    supplier_name: null,
    unit_sell_price: '450.00',
    unit_cost: '280.00',
  },
  {
    name: 'Skip bin 6 cubic metres (weekly hire)',
    item_code: 'SKIP-6',
    supplier_name: 'Cleanaway',
    unit_sell_price: '540.00',
    unit_cost: '410.00',
  },
  {
    name: 'Scaffold hire (per week)',
    item_code: null,
    supplier_name: 'Uni-span',
    unit_sell_price: '0.00',
    unit_cost: '0.00',
  },
];

/** The demo company's catalogue, once (a catalogue a person has started is left alone). */
export function seedDemoCatalogue(db: Db, tenantId: string) {
  return seedOnce(db, tenantId, {
    lock: LOCK,
    table: workItems,
    existing: (n) => ({ created: false, items: n }),
    create: async (tx) => {
      const rows = DEMO_WORK_ITEMS.map((input) => {
        const w = WorkItemInput.parse(input);
        return {
          tenantId,
          name: w.name,
          itemCode: w.item_code,
          supplierName: w.supplier_name,
          unitSellPrice: w.unit_sell_price,
          unitCost: w.unit_cost,
        };
      });
      await tx.insert(workItems).values(rows);
      return { created: true, items: rows.length };
    },
  });
}
