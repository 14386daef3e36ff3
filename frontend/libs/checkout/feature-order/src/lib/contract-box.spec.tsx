import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { consumerTermsInText, lineTermsInText, noticeInText } from './contract-box';
import { maskPhone } from './sms-validation-page';
import { basicInfo, brand, customer, installOrderApi, order, renderOrder, shownLocation } from './test-utils';
import { storeOrder } from './storage';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

/** Text with Intl's narrow and no-break spaces as plain ones. */
const text = (el: Element | null) => (el?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

const withLinks = brand({ revocation_url: 'https://example.test/withdrawal', terms_gtc_url: 'https://example.test/product-terms' });

describe('the box above the order button (issue 23, § 312j BGB, § 8 FAGG)', () => {
  it('says per product what it is, term, renewal, notice and prices, then the totals with VAT, directly above the button', async () => {
    installOrderApi({ brand: withLinks });
    renderOrder('/confirm');
    const box = await screen.findByTestId('contract-box');
    // Directly above the order button: the next element holds it.
    expect(within(box.nextElementSibling as HTMLElement).getByRole('button', { name: 'Place binding order' })).toBeTruthy();
    expect(within(box).getByRole('heading', { name: 'Your order at a glance' })).toBeTruthy();
    await screen.findByText('10 GB SSD storage, 1 website, 5 mailboxes, free SSL.');
    const line = text(within(box).getByTestId('contract-line'));
    expect(line).toContain('Web hosting S');
    // A consumer: the catalog's three months' notice cut to one, no renewal for another term
    // (§ 309 Nr. 9 BGB).
    expect(line).toContain(
      "Minimum term 12 months; can be cancelled with a notice period of 1 month to the end of the minimum term; after that the contract runs for an indefinite period and can be cancelled at any time with one month's notice.",
    );
    expect(line).toContain('Price: €53.88 per billing period (€4.49 per month), billed yearly');
    expect(line).toContain('Total for the first term (12 months): €53.88');
    expect(line).toContain('From month 13: €4.49 per month');
    const totals = text(within(box).getByTestId('contract-totals'));
    expect(totals).toContain('Total for the first 12 months€53.88 incl. €8.60 VAT');
    expect(totals).toContain('Due today€53.88 incl. €8.60 VAT');
    expect(totals).toContain('Then from month 13€4.49 per month incl. VAT');
    // A SEPA payment: the reference comes with the confirmation.
    expect(text(within(box).getByTestId('contract-mandate'))).toBe('You will receive the reference of your SEPA direct debit mandate with the order confirmation.');
    expect(within(box).getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe('https://example.test/terms');
    // Alpenhost is Austrian: the FAGG's "Rücktritt".
    expect(within(box).getByRole('link', { name: 'Information on the right of withdrawal and model withdrawal form' }).getAttribute('href')).toBe('https://example.test/withdrawal');
  });

  it('in German: the notice in words, the button "Zahlungspflichtig bestellen"; a German brand links the Widerrufsbelehrung', async () => {
    installOrderApi({ brand: brand({ country_code: 'DE', revocation_url: 'https://example.test/widerruf' }), payment: { type: 'bank-transfer' } });
    renderOrder('/confirm', { locale: 'de-DE' });
    const box = await screen.findByTestId('contract-box');
    expect(text(within(box).getByTestId('contract-terms'))).toBe(
      'Mindestlaufzeit 12 Monate, kündbar mit einer Frist von 1 Monat zum Ende der Mindestlaufzeit; danach läuft der Vertrag auf unbestimmte Zeit und ist jederzeit mit einer Frist von einem Monat kündbar.',
    );
    expect(text(within(box).getByTestId('contract-renewal'))).toBe('Ab Monat 13: 4,49 € pro Monat');
    expect(text(within(box).getByTestId('contract-totals'))).toContain('Gesamt für die ersten 12 Monate53,88 € inkl. 8,60 € MwSt.');
    expect(within(box).queryByTestId('contract-mandate')).toBeNull();
    expect(within(box).getByRole('link', { name: 'Widerrufsbelehrung und Muster-Widerrufsformular' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' })).toBeTruthy();
    await act(async () => undefined);
  });

  it('a net brand: the first term and the amount due today net plus VAT equal their gross amounts (the mail debits the gross one)', async () => {
    installOrderApi({ brand: withLinks, pricesWithVat: false });
    renderOrder('/confirm');
    const totals = text(await screen.findByTestId('contract-totals'));
    expect(totals).toContain('Total for the first 12 months€45.24 plus €8.60 VAT = €53.84');
    expect(text(screen.getByTestId('contract-totals-due-today'))).toBe('€45.24 plus €8.60 VAT = €53.84');
  });

  it('a gross brand: the amount due today names the VAT it includes', async () => {
    installOrderApi({ brand: withLinks });
    renderOrder('/confirm');
    expect(text(await screen.findByTestId('contract-totals-due-today'))).toBe('€53.88 incl. €8.60 VAT');
  });

  it('asks only for the agreements the cart needs, each with its own document and the products it is for', async () => {
    installOrderApi({ brand: withLinks, requiredAgreements: ['gtc_agreement'] });
    renderOrder('/confirm');
    const check = await screen.findByLabelText(/I accept the additional product terms/);
    const field = check.closest('.hc-field') as HTMLElement;
    expect(await within(field).findByText('Applies to: Web hosting S')).toBeTruthy();
    expect(within(field).getByRole('link', { name: 'Read the agreement' }).getAttribute('href')).toBe('https://example.test/product-terms');
    expect(screen.queryByLabelText(/Microsoft/)).toBeNull();
  });

  it('turns the catalog periods into words', () => {
    expect(noticeInText(0)).toBeNull();
    expect(noticeInText(14)).toEqual({ key: 'order_confirm.contract_box.days', params: { count: 14 } });
    expect(noticeInText(28)).toEqual({ key: 'order_confirm.contract_box.notice_months', params: { count: 1 } });
    expect(noticeInText(90)).toEqual({ key: 'order_confirm.contract_box.notice_months', params: { count: 3 } });
    expect(lineTermsInText({ maturity_months: 0, cancelation_period: 0 })).toEqual([{ key: 'order_confirm.contract_box.one_time' }]);
    expect(lineTermsInText({ maturity_months: 24, cancelation_period: 0 })).toEqual([{ key: 'order_confirm.contract_box.months', params: { count: 24 } }]);
    // A free addon of a term (its price says one_time) is still a contract of that term.
    expect(lineTermsInText({ maturity_months: 24, cancelation_period: 90 })).toEqual([
      { key: 'order_confirm.contract_box.months', params: { count: 24 } },
      { key: 'order_confirm.contract_box.notice_months', params: { count: 3 } },
    ]);
  });
});

describe('contract terms for consumers and businesses (§ 309 Nr. 9 BGB)', () => {
  it('gives a business the catalog terms: renewal by the term, the catalog notice', async () => {
    installOrderApi({ brand: withLinks, customer: customer({ basic_info: { ...basicInfo, group: 0, company_name: 'Berger GmbH' } }) });
    renderOrder('/confirm');
    const box = await screen.findByTestId('contract-box');
    expect(text(within(box).getByTestId('contract-line'))).toContain(
      'Minimum term 12 months, then renews for 12 months at a time; can be cancelled with a notice period of 3 months to the end of the term.',
    );
  });

  it('never holds a consumer to more than one month of notice', () => {
    expect(consumerTermsInText({ maturity_months: 12, cancelation_period: 90 })).toEqual([
      { key: 'order_confirm.contract_box.months', params: { count: 12 } },
      { key: 'order_confirm.contract_box.notice_months', params: { count: 1 } },
    ]);
    expect(consumerTermsInText({ maturity_months: 12, cancelation_period: 14 })[1]).toEqual({ key: 'order_confirm.contract_box.days', params: { count: 14 } });
    expect(consumerTermsInText({ maturity_months: 0, cancelation_period: 90 })).toEqual([{ key: 'order_confirm.contract_box.one_time' }]);
  });
});

describe('the SMS screen names the number the code went to (issue 23)', () => {
  it('masks all but the country code and the last two digits', () => {
    expect(maskPhone('+43 1 58801')).toBe('+43••••01');
    expect(maskPhone('+49 30 1234567')).toBe('+49•••••••67');
    expect(maskPhone('0664 1234567')).toBe('•••••••••67');
    expect(maskPhone('')).toBe('');
  });

  it('says where the code went', async () => {
    storeOrder(order({ status: 'awaiting_sms', sms_required: true }));
    installOrderApi({ routes: { 'GET /orders/01JORDER': () => ({ order: order({ status: 'awaiting_sms', sms_required: true }) }) } });
    renderOrder('/sms-validation');
    expect(text(await screen.findByTestId('sms-intro'))).toBe('We have sent a code by SMS to +43••••01. Please enter it to confirm your order.');
  });
});

describe('the success page of a SEPA order (issue 23)', () => {
  it('names the mandate reference the order answers, in English and German', async () => {
    const sepa = order({ sepa_mandate_reference: 'HC261127ABCDEFGHJKMN', sepa_creditor_id: 'DE98ZZZ09999999999', sepa_creditor_name: 'Hostwerk GmbH' });
    installOrderApi({ routes: { 'GET /orders/01JORDER': () => ({ order: sepa }), 'DELETE /session': () => ({}) } });
    const { unmount } = renderOrder('/success/01JORDER');
    expect(text(await screen.findByTestId('success-mandate'))).toBe('SEPA direct debit mandate reference: HC261127ABCDEFGHJKMN');
    unmount();
    renderOrder('/success/01JORDER', { locale: 'de-DE' });
    expect(text(await screen.findByTestId('success-mandate'))).toBe('Mandatsreferenz des SEPA-Lastschriftmandats: HC261127ABCDEFGHJKMN');
  });

  it('names no mandate for a card order', async () => {
    installOrderApi({ routes: { 'GET /orders/01JORDER': () => ({ order: order({ payment_type: 'creditcard' }) }), 'DELETE /session': () => ({}) } });
    renderOrder('/success/01JORDER');
    await screen.findByTestId('order-code');
    expect(screen.queryByTestId('success-mandate')).toBeNull();
  });

  it('says where the mandate reference comes when the order does not name it', async () => {
    installOrderApi({ routes: { 'GET /orders/01JORDER': () => ({ order: order() }), 'DELETE /session': () => ({}) } });
    renderOrder('/success/01JORDER');
    expect(text(await screen.findByTestId('success-mandate'))).toBe('You will receive the reference of your SEPA direct debit mandate with the order confirmation.');
  });
});

describe('the request for an early start (§ 356 Abs. 4 BGB, § 18 FAGG; CHECKOUT-LAW.md)', () => {
  const consent = /I expressly ask you to begin the services before the withdrawal period ends/;
  async function placeOrder() {
    await userEvent.click(await screen.findByLabelText(/I accept the terms and conditions/));
    await userEvent.click(screen.getByLabelText(/I have read the privacy policy/));
    await userEvent.click(screen.getByRole('button', { name: 'Place binding order' }));
    await waitFor(() => expect(shownLocation()).toBe('/success/01JORDER'), { timeout: 3000 });
  }

  it('offers a consumer its own optional checkbox and sends the request with the order', async () => {
    const { seen } = installOrderApi({ brand: withLinks, routes: { 'POST /orders': () => ({ order: order() }) } });
    renderOrder('/confirm');
    const check = await screen.findByLabelText(consent);
    expect(check.getAttribute('aria-required')).toBeNull();
    const field = check.closest('.hc-field') as HTMLElement;
    expect(text(field)).toContain('Optional. Without it we begin only after the 14-day withdrawal period');
    expect(within(field).getByRole('link').getAttribute('href')).toBe('https://example.test/withdrawal');
    await userEvent.click(check);
    await placeOrder();
    expect(seen.find((r) => r.path === '/orders')?.body).toMatchObject({ early_start: true });
  }, 20000);

  it('lets a consumer order without it: the order says no', async () => {
    const { seen } = installOrderApi({ routes: { 'POST /orders': () => ({ order: order() }) } });
    renderOrder('/confirm');
    await screen.findByLabelText(consent);
    await placeOrder();
    expect(seen.find((r) => r.path === '/orders')?.body).toMatchObject({ early_start: false });
  }, 20000);

  it('words it "Rücktritt" for an Austrian brand and "Widerruf" for a German one', async () => {
    installOrderApi({ brand: brand({ country_code: 'AT' }) });
    const { unmount } = renderOrder('/confirm', { locale: 'de-DE' });
    expect(await screen.findByLabelText(/vor Ablauf der Rücktrittsfrist mit der Ausführung der Dienstleistungen beginnen/)).toBeTruthy();
    unmount();
    installOrderApi({ brand: brand({ country_code: 'DE' }) });
    renderOrder('/confirm', { locale: 'de-DE' });
    expect(await screen.findByLabelText(/vor Ablauf der Widerrufsfrist mit der Ausführung der Dienstleistungen beginnen/)).toBeTruthy();
  });

  it('asks no business: it has no withdrawal right to give up', async () => {
    const { seen } = installOrderApi({
      customer: customer({ basic_info: { ...basicInfo, group: 0, company_name: 'Berger GmbH' } }),
      routes: { 'POST /orders': () => ({ order: order() }) },
    });
    renderOrder('/confirm');
    await screen.findByTestId('contract-box');
    expect(screen.queryByLabelText(consent)).toBeNull();
    await placeOrder();
    expect(seen.find((r) => r.path === '/orders')?.body).toMatchObject({ early_start: false });
  }, 20000);
});

describe('the SMS code announced before the order (issue 23, spec §4 "Confirm goes to SMS validation")', () => {
  const sms = 'After you click “Place binding order” we send a code by SMS to your mobile phone number; you confirm the order with it.';

  it('when a product of the cart asks for it, whatever the payment type', async () => {
    installOrderApi({ smsValidation: true, payment: { type: 'paypal-integration' } });
    renderOrder('/confirm');
    const box = await screen.findByTestId('contract-box');
    expect(text(within(box).getByTestId('contract-sms'))).toBe(sms);
  });

  it('when the payment type asks for it; not when neither does', async () => {
    installOrderApi();
    const { unmount } = renderOrder('/confirm');
    expect(text(await screen.findByTestId('contract-sms'))).toBe(sms);
    unmount();
    installOrderApi({ payment: { type: 'paypal-integration' } });
    renderOrder('/confirm');
    await screen.findByTestId('contract-box');
    expect(screen.queryByTestId('contract-sms')).toBeNull();
  });

  it('says a SEPA order\'s pre-notification comes at least two days ahead, the first with the confirmation', async () => {
    installOrderApi();
    renderOrder('/confirm');
    expect(text(await screen.findByTestId('contract-prenotification'))).toContain('at least two calendar days before your account is debited (instead of 14 days)');
  });
});
