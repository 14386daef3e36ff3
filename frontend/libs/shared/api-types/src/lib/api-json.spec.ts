import type { DescFile, DescMessage } from '@bufbuild/protobuf';
import { file_checkout_cart_v1_cart } from '../gen/checkout/cart/v1/cart_pb';
import { file_checkout_catalog_v1_catalog } from '../gen/checkout/catalog/v1/catalog_pb';
import { file_checkout_domain_v1_domain } from '../gen/checkout/domain/v1/domain_pb';
import { file_checkout_promotion_v1_promotion } from '../gen/checkout/promotion/v1/promotion_pb';
import type { PricedCartJson } from '../gen/checkout/cart/v1/cart_pb';
import type { ApiJson, ProtoName } from './api-json';

/** ProtoName at run time, so it can be checked against every field of the contracts. */
function protoName(jsonName: string): string {
  return jsonName.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function messagesOf(file: DescFile): DescMessage[] {
  const nested = (m: DescMessage): DescMessage[] => [m, ...m.nestedMessages.flatMap(nested)];
  return file.messages.flatMap(nested);
}

const files = [file_checkout_cart_v1_cart, file_checkout_catalog_v1_catalog, file_checkout_domain_v1_domain, file_checkout_promotion_v1_promotion];

describe('ApiJson', () => {
  // JSON names drop underscores (a_1 and a1 are both "a1"), so the mapping back is only exact while
  // no field name breaks the pattern; a new field that does fails here rather than in the UI.
  it('maps the JSON name of every field of the contracts back to its proto name', () => {
    const fields = files.flatMap(messagesOf).flatMap((m) => m.fields.map((f) => ({ message: m.typeName, name: f.name, jsonName: f.jsonName })));
    expect(fields.length).toBeGreaterThan(300);
    expect(fields.filter((f) => protoName(f.jsonName) !== f.name)).toEqual([]);
  });

  it('matches the type-level mapping on names with several words and digits', () => {
    const names: [ProtoName<'promotionsUnavailable'>, ProtoName<'tld2'>, ProtoName<'setupFeeNetCents'>] = ['promotions_unavailable', 'tld2', 'setup_fee_net_cents'];
    expect(['promotionsUnavailable', 'tld2', 'setupFeeNetCents'].map(protoName)).toEqual(names);
  });

  it('types the gateway shape: proto names, every field present, unset messages null, finite numbers', () => {
    // Compile-time: tsc rejects this file when a property is missing, misnamed or mistyped.
    const priced: ApiJson<PricedCartJson> = {
      cart: { items: [], version: '3', is_draft: false },
      items: [],
      totals: null,
      prices_with_vat: true,
      hide_zero_prices: false,
      promotions_unavailable: false,
      required_agreements: ['gtc_agreement'],
      sms_validation: false,
      checkout_blocked: false,
      item_count: 0,
      vat_reason: 'reverse_charge',
      session_vat_percent: 0,
      vat_unavailable: false,
    };
    // @ts-expect-error protojson writes JSON names only without UseProtoNames, which the gateway sets
    const camel: ApiJson<PricedCartJson>['itemCount'] = 0;
    // @ts-expect-error every field is written, so none is optional
    const partial: ApiJson<PricedCartJson> = { cart: null };
    expect([priced.item_count, camel, partial]).toBeDefined();
  });
});
