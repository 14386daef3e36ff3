import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@hostcart/shared-i18n/testing';
import { FAMILY_KEYS, MAX_PERSONS } from '@hostcart/shared-util-fields';
import { ClockContext, fixedClock } from '@hostcart/shared-ui';
import type { FieldFamily } from './family-context';
import { FieldsForm } from './fields-form';
import { fieldDef } from './test-utils';
import type { FieldDef, FieldValueEntry } from './types';
import { TOUCH_DELAY_MS } from './use-fields-form';
import { STREET_CHECK_DELAY_MS } from './widgets/nsa-street-widget';

// The form's one clock: the date it shows, checks and saves (whatever day the suite runs on).
const clock = fixedClock(new Date(2026, 10, 25, 12));

const comp = (id: number, key: string, label: string, rules: string): FieldDef => fieldDef(id, key, label, rules, { input_component: key });

function renderForm(fields: FieldDef[], family: FieldFamily = {}, locale: 'en-GB' | 'de-DE' = 'en-GB', stored?: FieldValueEntry[]) {
  const saved: FieldValueEntry[][] = [];
  render(
    <ClockContext.Provider value={clock}>
      <I18nextProvider i18n={createI18n(locale)}>
        <FieldsForm fields={fields} countries={[]} brandCountry="DE" family={family} stored={stored} onSave={async (v) => void saved.push(v)} />
      </I18nextProvider>
    </ClockContext.Provider>,
  );
  const save = () => screen.getByRole('button', { name: locale === 'en-GB' ? 'Save and proceed' : /Speichern/ }) as HTMLButtonElement;
  return { saved, save };
}

describe('business-address widgets', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const setup = () => userEvent.setup({ delay: null, advanceTimers: (ms) => jest.advanceTimersByTime(ms) });

  it('tenants: rows up to 11, a half-filled row blocks Save, only complete pairs are saved', async () => {
    const user = setup();
    const { saved, save } = renderForm([comp(18, 'nsa_additional_tenants', 'Additional tenants', 'persons')]);
    const add = screen.getByRole('button', { name: 'Add a person' }) as HTMLButtonElement;
    for (let i = 1; i < MAX_PERSONS; i++) await user.click(add);
    expect(screen.getAllByLabelText(/^First name of person/)).toHaveLength(MAX_PERSONS);
    expect(add.disabled).toBe(true);
    expect(screen.getByText('You have reached the maximum of 11 people.')).toBeTruthy();
    // Back to three rows.
    for (let i = MAX_PERSONS; i > 3; i--) await user.click(screen.getByRole('button', { name: `Remove person ${i}` }));
    expect(add.disabled).toBe(false);

    await user.type(screen.getByLabelText('First name of person 1'), 'Ada');
    await user.type(screen.getByLabelText('Last name of person 1'), 'Lovelace');
    await user.type(screen.getByLabelText('First name of person 2'), 'Alan');
    act(() => jest.advanceTimersByTime(TOUCH_DELAY_MS));
    expect(screen.getByText('Please enter both the first and the last name of every person.')).toBeTruthy();
    expect(screen.getByLabelText('First name of person 2').getAttribute('aria-invalid')).toBe('true');
    expect(save().disabled).toBe(true);
    await user.type(screen.getByLabelText('Last name of person 2'), 'Turing');
    expect(save().disabled).toBe(false);
    await user.click(save());
    // Row 3 is empty and not saved.
    expect(JSON.parse(saved[0][0].value)).toEqual({
      persons: [
        { first_name: 'Ada', last_name: 'Lovelace' },
        { first_name: 'Alan', last_name: 'Turing' },
      ],
    });
  });

  it('PO box: number, zip and city appear and are required only while ticked', async () => {
    const user = setup();
    const { saved, save } = renderForm([comp(15, 'nsa_po_box', 'PO box', '')]);
    expect(screen.queryByLabelText('PO box number')).toBeNull();
    await user.click(screen.getByLabelText('I would like a PO box'));
    const number = screen.getByLabelText('PO box number') as HTMLInputElement;
    expect(number.required).toBe(true);
    act(() => jest.advanceTimersByTime(TOUCH_DELAY_MS));
    expect(screen.getByText('Please enter the PO box number.')).toBeTruthy();
    expect(save().disabled).toBe(true);
    await user.type(number, '4711');
    await user.type(screen.getByLabelText('Postcode of the PO box'), '10117');
    await user.type(screen.getByLabelText('Town of the PO box'), 'Berlin');
    expect(save().disabled).toBe(false);
    await user.click(save());
    expect(JSON.parse(saved[0][0].value)).toEqual({ enabled: true, number: '4711', zip: '10117', city: 'Berlin' });
  });

  it('street: the pair goes to the server 500 ms after the last edit and its message is shown', async () => {
    const user = setup();
    const validateValue = jest.fn(async (_id: number, value: string) => (JSON.parse(value).number === '99x' ? [FAMILY_KEYS.streetNumberInvalid] : []));
    renderForm([comp(16, 'nsa_street', 'Street and house number', 'required')], { validateValue });
    await user.type(screen.getByLabelText('Street'), 'Hauptstraße');
    await user.type(screen.getByLabelText('House number'), '99x');
    act(() => jest.advanceTimersByTime(STREET_CHECK_DELAY_MS - 10));
    expect(validateValue).not.toHaveBeenCalled();
    await act(async () => jest.advanceTimersByTime(10));
    expect(validateValue).toHaveBeenCalledTimes(1);
    expect(validateValue).toHaveBeenCalledWith(16, JSON.stringify({ street: 'Hauptstraße', number: '99x' }));
    const message = await screen.findByText('Please enter a house number such as 12, 12a or 12-14.');
    expect(screen.getByLabelText('House number').getAttribute('aria-describedby')).toBe(message.id);
  });

  it('customer type: choosing another variant swaps the addon', async () => {
    const user = setup();
    const choose = jest.fn(async () => undefined);
    renderForm([comp(13, 'nsa_customer_type', 'Customer type', 'required')], {
      customerTypes: {
        current: 1231,
        choose,
        options: [
          { addonId: 1231, name: 'Private person' },
          { addonId: 1233, name: 'Limited company', description: 'Including a register check.' },
        ],
      },
    });
    expect((screen.getByLabelText('Private person') as HTMLInputElement).checked).toBe(true);
    // The variant in the cart is the form's value: Save is possible without touching anything.
    expect((screen.getByRole('button', { name: 'Save and proceed' }) as HTMLButtonElement).disabled).toBe(false);
    await user.click(screen.getByLabelText(/Limited company/));
    expect(choose).toHaveBeenCalledWith(1233);
  });

  it('customer type: a failed swap says so and keeps the current variant', async () => {
    const user = setup();
    const choose = jest.fn(async () => Promise.reject(new Error('offline')));
    renderForm([comp(13, 'nsa_customer_type', 'Customer type', 'required')], {
      customerTypes: { current: 1231, choose, options: [{ addonId: 1231, name: 'Private person' }, { addonId: 1232, name: 'Sole trader' }] },
    });
    await user.click(screen.getByLabelText('Sole trader'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be changed/);
    expect((screen.getByLabelText('Private person') as HTMLInputElement).checked).toBe(true);
  });

  it('minimum rental period: buttons with months and monthly price, the months saved', async () => {
    const user = setup();
    const { saved, save } = renderForm([comp(14, 'nsa_minimum_rental_period', 'Minimum rental period', 'required')], {
      rentalPeriods: {
        withVat: true,
        options: [
          { months: 3, priceCents: 4900, vatPercent: 19 },
          { months: 12, priceCents: 2900, vatPercent: 19 },
        ],
      },
    });
    const twelve = screen.getByRole('button', { name: /12 months/ });
    expect(twelve.textContent).toMatch(/34\.51/); // 29.00 + 19 % VAT
    expect(twelve.getAttribute('aria-pressed')).toBe('false');
    await user.click(twelve);
    expect(twelve.getAttribute('aria-pressed')).toBe('true');
    await user.click(save());
    expect(saved[0]).toEqual([{ field_id: 14, value: '12' }]);
  });
});

describe('power-of-attorney widgets', () => {
  const ppoa = [
    comp(19, 'ppoa_authorization', 'Type of authorisation', 'required'),
    comp(20, 'ppoa_basic_info', 'Details of the person granting authority', 'required'),
    comp(21, 'ppoa_signature', 'Signature', 'required'),
  ];
  const family: FieldFamily = {
    businessAddress: { nsa_additional_tenants: JSON.stringify({ persons: [{ first_name: ' Grace ', last_name: 'Hopper' }] }) },
  };

  it('authorisation, basic info copied from the business address, a signature style: saved as JSON', async () => {
    const user = userEvent.setup();
    const { saved, save } = renderForm(ppoa, family);
    await user.click(screen.getByLabelText(/Private power of attorney/));
    await user.click(screen.getByLabelText(/Business power of attorney/));
    const business = screen.getByRole('group', { name: 'Company' });
    const copyButtons = screen.getAllByRole('button', { name: 'Copy from the business address' });
    expect(copyButtons).toHaveLength(2);
    await user.click(copyButtons[0]);
    await user.click(copyButtons[1]);
    expect((within(business).getByLabelText('First name') as HTMLInputElement).value).toBe('Grace');
    await user.selectOptions(screen.getAllByLabelText('Salutation')[0], 'ms');
    await user.selectOptions(within(business).getByLabelText('Salutation'), 'ms');
    await user.type(within(business).getByLabelText('Company name'), 'Navy Ltd');

    // The legal text names the person; ten paragraphs follow the line with the name.
    const legal = screen.getByRole('region', { name: 'Power of attorney for mail' });
    expect(within(legal).getAllByText(/./, { selector: 'p' })).toHaveLength(11);
    expect(within(legal).getByText('Grace Hopper grants the following power of attorney:')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Montez' }));
    await user.type(screen.getByLabelText('Place of contract'), 'Berlin');
    // Shown as British English writes dates; saved as dd.mm.yyyy all the same (below).
    expect(screen.getByText('25/11/2026')).toBeTruthy();
    const preview = screen.getByRole('figure', { name: 'Preview of your signature' });
    expect(within(preview).getByText('Berlin, 25/11/2026')).toBeTruthy();
    expect((within(preview).getByText('Grace Hopper') as HTMLElement).style.fontFamily).toMatch(/Montez.*cursive/);

    expect(save().disabled).toBe(false);
    await user.click(save());
    const byId = Object.fromEntries(saved[0].map((v) => [v.field_id, JSON.parse(v.value)]));
    expect(byId[19]).toEqual({ private: true, business: true });
    expect(byId[20]).toEqual({
      private: { salutation: 'ms', first_name: 'Grace', last_name: 'Hopper' },
      business: { salutation: 'ms', first_name: 'Grace', last_name: 'Hopper', company: 'Navy Ltd' },
    });
    expect(byId[21]).toEqual({ style: 'montez-regular', place: 'Berlin', date: '25.11.2026' });
  });

  it('without a business address there is nothing to copy, and a business form needs the company', async () => {
    const user = userEvent.setup();
    const { save } = renderForm(ppoa, {}, 'de-DE');
    expect(screen.queryByRole('button', { name: 'Aus der Geschäftsadresse übernehmen' })).toBeNull();
    expect(screen.getByText('25.11.2026').closest('time')?.getAttribute('datetime')).toBe('2026-11-25');
    await user.click(screen.getByLabelText(/Geschäftliche Vollmacht/));
    const business = screen.getByRole('group', { name: 'Unternehmen' });
    await user.selectOptions(within(business).getByLabelText('Anrede'), 'mr');
    await user.type(within(business).getByLabelText('Vorname'), 'Max');
    await user.type(within(business).getByLabelText('Nachname'), 'Muster');
    expect(await screen.findByText('Bitte geben Sie den Firmennamen ein.', {}, { timeout: 2000 })).toBeTruthy();
    expect(save().disabled).toBe(true);
  });
});

describe('translations of the family messages', () => {
  it.each(Object.values(FAMILY_KEYS))('%s has a text in both languages', (key) => {
    const de = createI18n('de-DE');
    const en = createI18n('en-GB');
    expect(en.exists(key)).toBe(true);
    expect(de.exists(key)).toBe(true);
    expect(de.t(key)).not.toBe(en.t(key));
  });
});
