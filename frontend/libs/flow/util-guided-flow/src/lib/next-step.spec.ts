import { hrefOf, nextStep, type FlowFrom, type FlowScreen } from './next-step';
import { bareContext, field, fullContext, lineProduct, link, maturity, ROW } from './test-fixtures';
import type { FlowContext } from './types';

const to = (ctx: FlowContext, from: FlowFrom) => {
  const r = nextStep(ctx, from);
  return { name: r.name, path: r.path, query: r.query };
};

/** Applies changes to a fresh full context. */
function full(change: (ctx: FlowContext) => void = () => undefined): FlowContext {
  const ctx = fullContext();
  change(ctx);
  return ctx;
}

/** The full context after the domain step: a domain with an empty required field, searched first. */
function afterDomains(change: (ctx: FlowContext) => void = () => undefined): FlowContext {
  return full((ctx) => {
    ctx.item.domains = [{ name: 'example.de', additional_fields: [] }];
    ctx.domainFields = { 'example.de': [field(900)] };
    ctx.flags = { domainSearched: true };
    change(ctx);
  });
}

describe('nextStep: each screen goes to the first applicable step after it', () => {
  const cases: [FlowScreen, () => FlowContext, string, Record<string, string>][] = [
    ['products', full, '/additional-product-fields', { id: '1', rowId: ROW }],
    ['additional-product-fields', full, '/popular-addons', { id: ROW }],
    ['popular-addons', full, '/addon-variants', { id: ROW, set: '7' }],
    ['addon-variants', full, '/promoted-addons', { id: ROW, addonId: '102' }],
    ['promoted-addons', full, '/domains/lookup', { id: ROW }],
    ['domains-lookup', afterDomains, '/domains/additional-domain-fields', { id: ROW }],
    ['domains-add-domain', afterDomains, '/domains/additional-domain-fields', { id: ROW }],
    ['domains-additional-fields', afterDomains, '/domains/do-you-want-to-add-a-product', { d: 'example.de' }],
    ['domains-add-product', afterDomains, '/periods/maturity', { id: ROW }],
    ['periods-maturity', full, '/periods/interval', { id: ROW }],
    ['periods-interval', full, '/addons', { id: ROW }],
    ['addons', full, '/additional-addon-fields', { id: ROW, addonId: '103' }],
    ['additional-addon-fields', full, '/additional-addon-fields', { id: ROW, addonId: '103' }],
    ['additional-popularaddon-fields', full, '/additional-popularaddon-fields', { id: ROW, addonId: '201' }],
  ];
  it.each(cases)('from %s', (from, ctx, path, query) => {
    expect(to(ctx(), from)).toMatchObject({ path, query });
  });

  const screens = cases.map((c) => c[0]);
  it.each(screens)('from %s with nothing left to do goes to the cart', (from) => {
    expect(to(bareContext(), from)).toEqual({ name: 'cart', path: '/cart', query: {} });
  });
});

describe('nextStep from the chosen product: each step alone, later ones skipped when not applicable', () => {
  // Each row removes what makes the earlier steps apply and checks where the flow lands.
  const cases: [string, (ctx: FlowContext) => void, string][] = [
    ['no certificate: popular addons', (c) => (c.product.type = 'hosting'), '/popular-addons'],
    [
      'certificate with its field filled',
      (c) => (c.item.product.additional_fields = [{ field_id: 1, value: 'www.example.de' }]),
      '/popular-addons',
    ],
    ['certificate field postponed', (c) => (c.product.additional_fields = [field(1, 'required', true)]), '/popular-addons'],
    ['certificate field optional', (c) => (c.product.additional_fields = [field(1, 'string')]), '/popular-addons'],
    ['certificate field value only blanks', (c) => (c.item.product.additional_fields = [{ field_id: 1, value: '  ' }]), '/additional-product-fields'],
    [
      'no upsells: variants',
      (c) => {
        c.product.type = 'hosting';
        c.product.upsells = [];
      },
      '/addon-variants',
    ],
    [
      'no variant group: promoted',
      (c) => {
        c.product.type = 'hosting';
        c.product.upsells = null;
        c.product.addons = c.product.addons?.filter((l) => l.addon_id !== 101);
      },
      '/promoted-addons',
    ],
    [
      'no promoted: lookup',
      (c) => {
        c.product.type = 'hosting';
        c.product.upsells = [];
        c.product.addons = [link(103, { is_recommended: true })];
      },
      '/domains/lookup',
    ],
  ];
  it.each(cases)('%s', (_, change, path) => {
    expect(nextStep(full(change), 'products').path).toBe(path);
  });

  it('walks the rest of the list when the steps before do not apply', () => {
    const ctx = full((c) => {
      c.product.type = 'hosting';
      c.product.upsells = [];
      c.product.addons = [link(103, { is_recommended: true })];
    });
    expect(nextStep(ctx, 'products').path).toBe('/domains/lookup');
    ctx.product.is_domainrequired = 2;
    expect(to(ctx, 'products')).toMatchObject({ path: '/domains/do-you-want-to-add-a-domain', query: { id: ROW } });
    ctx.item.domains = [{ name: 'example.de' }];
    expect(nextStep(ctx, 'products').path).toBe('/periods/maturity');
    ctx.product.payment_maturities = [maturity(11, 12, [[111, 1], [112, 12]])];
    expect(nextStep(ctx, 'products').path).toBe('/periods/interval');
    ctx.product.payment_maturities = [maturity(11, 12, [[111, 1]])];
    expect(nextStep(ctx, 'products').path).toBe('/addons');
    ctx.product.addons = [];
    expect(to(ctx, 'products')).toMatchObject({ path: '/additional-addon-fields', query: { id: ROW, addonId: '103' } });
    ctx.item.addons = [];
    expect(to(ctx, 'products')).toMatchObject({ path: '/additional-popularaddon-fields', query: { id: ROW, addonId: '201' } });
    ctx.item.upsells = [];
    expect(nextStep(ctx, 'products').path).toBe('/cart');
  });

  it('asks for a domain only when the item has none', () => {
    const required = full((c) => (c.item.domains = [{ name: 'example.de' }]));
    expect(nextStep(required, 'promoted-addons').path).toBe('/periods/maturity');
    const notTaken = full((c) => (c.product.is_domainrequired = 0));
    expect(nextStep(notTaken, 'promoted-addons').path).toBe('/periods/maturity');
  });
});

describe('nextStep: periods', () => {
  it('counts only orderable maturities (active, with an active interval)', () => {
    const ctx = full((c) => {
      c.product.payment_maturities = [
        maturity(11, 12, [[111, 1]]),
        maturity(12, 24, [[121, 1]], { is_active: false }),
        maturity(13, 36, [[131, 1]], { payment_intervals: [{ id: 131, months: 1, is_active: false }] }),
      ];
    });
    expect(nextStep(ctx, 'domains-add-product').path).not.toBe('/periods/maturity');
  });

  it('counts the active intervals of the chosen maturity', () => {
    const ctx = full((c) => {
      c.item.product.maturity_id = 12;
      c.item.product.interval_id = 121;
      // The addons follow the 24-month contract, so the standard addons step applies.
      c.lineProducts = c.lineProducts.map((p) => ({ ...p, payment_maturities: [maturity(p.id * 10, 24, [[p.id * 100, 1]])] }));
    });
    // Maturity 12 has one interval, although maturity 11 has two.
    expect(nextStep(ctx, 'periods-maturity').path).toBe('/addons');
    ctx.product.payment_maturities = [
      maturity(12, 24, [], {
        payment_intervals: [
          { id: 121, months: 1, is_active: true },
          { id: 122, months: 3, is_active: false },
        ],
      }),
    ];
    expect(nextStep(ctx, 'periods-maturity').path).toBe('/addons');
  });

  it('falls back to the default maturity when the stored one is gone', () => {
    const ctx = full((c) => {
      c.item.product.maturity_id = 99;
      c.product.payment_maturities = [maturity(11, 12, [[111, 1]]), maturity(12, 24, [[121, 1], [122, 12]], { is_default: true })];
    });
    expect(nextStep(ctx, 'periods-maturity').path).toBe('/periods/interval');
  });
});

describe('nextStep: addon availability (spec §4)', () => {
  // A hosting product of 12 months billed monthly with one addon link; where does "interval" lead?
  function withAddon(linkOpts: Parameters<typeof link>[1], addonMaturities = [maturity(1010, 12, [[10100, 1]])], addonKnown = true): FlowContext {
    const ctx = bareContext();
    ctx.product.addons = [link(101, linkOpts)];
    ctx.lineProducts = addonKnown ? [lineProduct(101, { payment_maturities: addonMaturities })] : [];
    return ctx;
  }
  const cases: [string, FlowContext, string][] = [
    ['matching months', withAddon({}), '/addons'],
    ['recommended', withAddon({ is_recommended: true }), '/addons'],
    ['invisible', withAddon({ rules: ['invisible'] }), '/cart'],
    ['addon product unknown', withAddon({}, undefined, false), '/cart'],
    ['other maturity months', withAddon({}, [maturity(1010, 24, [[10100, 1]])]), '/cart'],
    ['one-time addon (0 months)', withAddon({}, [maturity(1010, 0, [[10100, 1]])]), '/addons'],
    ['other months, exempt by maturities_need_not_match', withAddon({ rules: ['maturities_need_not_match'] }, [maturity(1010, 24, [[10100, 1]])]), '/addons'],
    ['other interval months', withAddon({}, [maturity(1010, 12, [[10100, 12]])]), '/cart'],
    ['interval 0 means any', withAddon({}, [maturity(1010, 12, [[10100, 0]])]), '/addons'],
    ['other interval, exempt by intervals_need_not_match', withAddon({ rules: ['intervals_need_not_match'] }, [maturity(1010, 12, [[10100, 12]])]), '/addons'],
    ['matching maturity inactive', withAddon({}, [maturity(1010, 12, [[10100, 1]], { is_active: false })]), '/cart'],
    [
      'matching maturity without an active interval',
      withAddon({}, [maturity(1010, 12, [[10100, 1]], { payment_intervals: [{ id: 10100, months: 1, is_active: false }] })]),
      '/cart',
    ],
    ['only promoted addons: no standard addons', withAddon({ is_promoted: true }), '/cart'],
    ['only variant groups: no standard addons', withAddon({ rules: ['variants'] }), '/cart'],
    ['only module groups: no standard addons', withAddon({ rules: ['modules'] }), '/cart'],
    ['autoassign addons are regular', withAddon({ rules: ['autoassign'] }), '/addons'],
  ];
  it.each(cases)('%s', (_, ctx, path) => {
    expect(nextStep(ctx, 'periods-interval').path).toBe(path);
  });

  it('uses the chosen maturity and interval of the item', () => {
    const ctx = bareContext();
    ctx.product.payment_maturities = [maturity(11, 12, [[111, 1]]), maturity(12, 24, [[121, 3]])];
    ctx.product.addons = [link(101)];
    ctx.lineProducts = [lineProduct(101, { payment_maturities: [maturity(1010, 24, [[10100, 3]])] })];
    expect(nextStep(ctx, 'periods-interval').path).toBe('/cart');
    ctx.item.product = { ...ctx.item.product, maturity_id: 12, interval_id: 121 };
    expect(nextStep(ctx, 'periods-interval').path).toBe('/addons');
  });

  it('offers variants and promoted addons only when available', () => {
    const ctx = bareContext();
    ctx.product.addons = [link(101, { rules: ['variants', 'invisible'] }), link(102, { is_promoted: true })];
    ctx.lineProducts = [lineProduct(101), lineProduct(102, { payment_maturities: [maturity(1020, 24, [[10200, 1]], { is_active: false })] })];
    expect(nextStep(ctx, 'products').path).toBe('/cart');
    // A promoted addon of other months is offered: it is added with its default term and interval
    // (spec §4 "Promoted addon add"; the cart service exempts promoted addons, libs/go/periods).
    ctx.lineProducts = [lineProduct(101), lineProduct(102, { payment_maturities: [maturity(1020, 24, [[10200, 1]])] })];
    expect(to(ctx, 'products').path).toBe('/promoted-addons');
  });

  it('picks the first variant group and the first promoted addon by its order', () => {
    const ctx = bareContext();
    ctx.product.addons = [
      link(101, { is_promoted: true, promoted_addon_order: 5 }),
      link(102, { is_promoted: true, promoted_addon_order: 2 }),
      link(103, { rules: ['variants'], groupId: 30 }),
      link(104, { rules: ['variants'], groupId: 40 }),
    ];
    ctx.lineProducts = [lineProduct(101), lineProduct(102), lineProduct(103), lineProduct(104)];
    expect(to(ctx, 'products').query).toEqual({ id: ROW, set: '30' });
    expect(to(ctx, 'addon-variants').query).toEqual({ id: ROW, addonId: '102' });
  });
});

describe('nextStep: addon and upsell fields', () => {
  const filled = (id: number) => [{ field_id: id, value: 'x' }];

  it('steps through addons, then upsells, moving forward from the line just saved', () => {
    const ctx = full();
    expect(to(ctx, { screen: 'additional-addon-fields', lineId: 103 }).query).toEqual({ id: ROW, addonId: '104' });
    expect(to(ctx, { screen: 'additional-addon-fields', lineId: 104 })).toMatchObject({
      path: '/additional-popularaddon-fields',
      query: { id: ROW, addonId: '201' },
    });
    expect(nextStep(ctx, { screen: 'additional-popularaddon-fields', lineId: 201 }).path).toBe('/cart');
  });

  it('never goes back from the upsell fields to the addon fields', () => {
    const ctx = full((c) => (c.item.upsells = []));
    expect(nextStep(ctx, 'additional-popularaddon-fields').path).toBe('/cart');
  });

  it('skips lines whose required, not postponed fields hold values', () => {
    const ctx = full((c) => {
      c.item.addons = [
        { id: 103, maturity_id: 0, interval_id: 0, additional_fields: filled(31) },
        { id: 104, maturity_id: 0, interval_id: 0, additional_fields: filled(41) },
      ];
      c.item.upsells = [{ id: 201, maturity_id: 0, interval_id: 0, additional_fields: filled(51) }];
    });
    expect(nextStep(ctx, 'addons').path).toBe('/cart');
  });

  it('ignores postponed, optional and unreadable field definitions', () => {
    const ctx = full((c) => {
      c.lineProducts = [
        lineProduct(103, { additional_fields: [field(31, 'required', true)] }),
        lineProduct(104, { additional_fields: [field(41, 'string|max:10'), field(42, 'required|no_such_rule')] }),
        lineProduct(201, { additional_fields: [] }),
      ];
    });
    expect(nextStep(ctx, 'addons').path).toBe('/cart');
  });

  it('ignores lines whose product is unknown', () => {
    const ctx = full((c) => (c.lineProducts = []));
    expect(nextStep(ctx, 'addons').path).toBe('/cart');
  });
});

describe('nextStep: the domain screens', () => {
  it('asks for missing domain fields, then the product question, then maturity', () => {
    const ctx = afterDomains();
    expect(nextStep(ctx, 'domains-lookup').path).toBe('/domains/additional-domain-fields');
    ctx.item.domains = [{ name: 'example.de', additional_fields: [{ field_id: 900, value: 'DE' }] }];
    expect(to(ctx, 'domains-lookup')).toMatchObject({ path: '/domains/do-you-want-to-add-a-product', query: { d: 'example.de' } });
    ctx.flags = {};
    expect(nextStep(ctx, 'domains-lookup').path).toBe('/periods/maturity');
  });

  it('sends a domain-only item to the product question', () => {
    const ctx = afterDomains((c) => {
      c.flags = {};
      c.product.type = 'domain-only';
      c.domainFields = {};
    });
    expect(nextStep(ctx, 'domains-lookup').path).toBe('/domains/do-you-want-to-add-a-product');
    expect(nextStep(ctx, 'domains-add-product').path).toBe('/periods/maturity');
  });

  it('asks the product question without d when no domain was kept', () => {
    const ctx = afterDomains((c) => (c.item.domains = []));
    expect(to(ctx, 'domains-add-domain')).toMatchObject({ path: '/domains/do-you-want-to-add-a-product', query: {} });
  });

  it('does not go back to the steps before the domain', () => {
    const ctx = full((c) => {
      c.product.is_domainrequired = 2;
      c.flags = {};
    });
    // No domain chosen ("no" on the question): nothing of steps 1 to 6 again.
    expect(nextStep(ctx, 'domains-add-domain').path).toBe('/periods/maturity');
  });

  it('skips domain fields that are postponed or belong to no definition', () => {
    const ctx = afterDomains((c) => (c.domainFields = { 'example.de': [field(900, 'required', true)], 'other.de': [field(901)] }));
    expect(nextStep(ctx, 'domains-lookup').path).toBe('/domains/do-you-want-to-add-a-product');
  });
});

describe('nextStep: flags', () => {
  const screens: FlowScreen[] = ['products', 'popular-addons', 'domains-lookup', 'addons', 'additional-addon-fields', 'domains-additional-fields'];

  it.each(screens)('post-fill: %s goes back to /postfill', (from) => {
    expect(to(full((c) => (c.flags = { postfill: true, returnToCart: true })), from)).toEqual({ name: 'postfill', path: '/postfill', query: {} });
  });

  it('returnToCart skips the guided choices but not the forms that complete the item', () => {
    const ctx = full((c) => (c.flags = { returnToCart: true }));
    expect(nextStep(ctx, 'popular-addons').path).toBe('/additional-addon-fields');
    const domains = afterDomains((c) => (c.flags = { returnToCart: true, domainSearched: true }));
    expect(nextStep(domains, 'domains-lookup').path).toBe('/domains/additional-domain-fields');
    expect(nextStep(domains, 'domains-additional-fields').path).toBe('/additional-addon-fields');
    const complete = bareContext();
    complete.flags = { returnToCart: true };
    complete.product.upsells = [{ upsell_id: 201 }];
    expect(nextStep(complete, 'products').path).toBe('/cart');
  });
});

describe('nextStep: routes', () => {
  it('sanitises the query by the route table', () => {
    const ctx = full((c) => (c.item.row_id = 'ab_c<1>'));
    expect(to(ctx, 'additional-product-fields').query).toEqual({ id: 'abc1' });
    const dom = afterDomains((c) => (c.item.domains = [{ name: 'exa mple.de', additional_fields: [{ field_id: 900, value: 'x' }] }]));
    expect(to(dom, 'domains-lookup').query).toEqual({ d: 'example.de' });
  });

  it('drops a query value that sanitises to nothing', () => {
    const ctx = full((c) => (c.item.row_id = '__'));
    expect(to(ctx, 'additional-product-fields').query).toEqual({});
  });

  it('builds links', () => {
    expect(hrefOf(nextStep(full(), 'products'))).toBe(`/additional-product-fields?id=1&rowId=${ROW}`);
    expect(hrefOf(nextStep(bareContext(), 'products'))).toBe('/cart');
  });
});
