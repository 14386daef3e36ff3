import type { CartItem, Product } from '@hostcart/shared-data-access-api';
import { loadNoteItems, NOTE_ITEMS_KEY, noteItems, storeNoteItems } from './note-items';

const product = (id: number, name: string, extra: Partial<Product> = {}) => ({ id, name, addons: [], ...extra }) as unknown as Product;
const line = (id: number) => ({ id, maturity_id: 1, interval_id: 1, promotion: '', additional_fields: [] });

describe('note items (spec §3)', () => {
  afterEach(() => localStorage.clear());

  const host = product(1001, 'Web hosting M', {
    addons: [{ id: 9, product_id: 1001, addon_id: 2050, is_recommended: false, recommended_addon_order: 0, is_promoted: false, promoted_addon_order: 0, groups: [{ id: 1, name: 'x', display_name: '', display_description: '', rules: [{ type: 'invisible' }] }] }],
  } as Partial<Product>);
  const item = {
    row_id: 'row1',
    product: { id: 1001 },
    addons: [line(2032), line(2050), line(7777)],
    upsells: [line(1301)],
    domains: [{ id: 5, name: 'mine.de', inclusive: true, auth_code: '', promotion_code: '', additional_fields: [] }],
  } as unknown as CartItem;
  const lines = [product(2032, 'Protection'), product(2050, 'Monitoring'), product(1301, 'SSL Premium')];

  it('names the product, visible addons, upsells and domains with id, name, rowId and type', () => {
    expect(noteItems(item, host, lines)).toEqual([
      { id: 1001, name: 'Web hosting M', rowId: 'row1', type: 'product' },
      { id: 2032, name: 'Protection', rowId: 'row1', type: 'addon' },
      { id: 1301, name: 'SSL Premium', rowId: 'row1', type: 'upsell' },
      { id: 5, name: 'mine.de', rowId: 'row1', type: 'domain' },
    ]);
  });

  it('keeps them under note_items and reads back only well-formed entries', () => {
    const notes = noteItems(item, host, lines);
    storeNoteItems(notes);
    expect(JSON.parse(localStorage.getItem(NOTE_ITEMS_KEY) ?? 'null')).toEqual(notes);
    expect(loadNoteItems()).toEqual(notes);

    localStorage.setItem(NOTE_ITEMS_KEY, JSON.stringify([{ id: 1 }, { id: 2, name: 'B', rowId: 'r', type: 'domain' }, { id: 3, name: 'C', rowId: 'r', type: 'other' }, null]));
    expect(loadNoteItems()).toEqual([{ id: 2, name: 'B', rowId: 'r', type: 'domain' }]);
    localStorage.setItem(NOTE_ITEMS_KEY, '{broken');
    expect(loadNoteItems()).toEqual([]);

    storeNoteItems([]);
    expect(localStorage.getItem(NOTE_ITEMS_KEY)).toBeNull();
  });
});
