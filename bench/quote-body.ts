/** The benches' big quote (issue 13 section 7): 50 sections x 40 line items, as the editor saves it. */
export const SECTIONS = 50;
export const ITEMS = 40;

export type Item = Record<string, unknown> & { id?: number | null; description: string };
export type Section = { id?: number | null; name: string; note: string; line_items: Item[] };

/** The body of a 50 x 40 quote: services, products and other items with realistic texts and amounts. */
export function bigQuoteBody(version: number): { version: number; note: string; sections: Section[] } {
  const sections: Section[] = [];
  for (let s = 0; s < SECTIONS; s++) {
    const items: Item[] = [];
    for (let i = 0; i < ITEMS; i++) {
      const category = (['Service', 'Product', 'Other'] as const)[(s + i) % 3]!;
      items.push({
        category,
        description: `${category === 'Product' ? 'Supply' : 'Install'} item ${s + 1}.${i + 1} — 90 mm PVC conduit, 20 m run`,
        long_description:
          `Level ${1 + (s % 8)}, zone ${String.fromCharCode(65 + (i % 6))}: includes fixings, terminations and making good to the existing finishes. `.repeat(
            2,
          ),
        general_notes: `Internal: check access with the site manager before booking (${s}/${i}).`,
        supplied_by: (['Company', 'Client', 'Other'] as const)[i % 3],
        quantity: String(1 + ((s * 7 + i * 3) % 25)),
        unit_sell_price: ((s * 13 + i * 17) % 900) + 12.35 + '',
        unit_cost: ((s * 11 + i * 7) % 600) + 8.1 + '',
        ...(category === 'Product'
          ? {
              product: {
                work_item_id: null,
                product_code: `PC-${s}-${i}`,
                supplier_name: 'Reece Plumbing',
                order_status: 'Unknown',
                company_purchase_order_reference: null,
                eta: null,
                consignment_tracking_link: null,
              },
            }
          : {}),
      });
    }
    sections.push({
      name: `Section ${s + 1}: ${['Electrical', 'Plumbing', 'Carpentry', 'Painting'][s % 4]} works`,
      note: '',
      line_items: items,
    });
  }
  return { version, note: 'Prices valid for 30 days. '.repeat(20), sections };
}
