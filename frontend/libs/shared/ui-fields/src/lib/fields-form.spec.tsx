import { act, render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@hostcart/shared-i18n/testing';
import { FieldsForm, type FieldsFormProps } from './fields-form';
import { fieldDef } from './test-utils';
import type { FieldValueEntry } from './types';
import { TOUCH_DELAY_MS } from './use-fields-form';

const countries = [
  { code: 'AT', name: 'Austria', order: 2 },
  { code: 'DE', name: 'Germany', order: 1 },
];

function renderForm(props: Partial<FieldsFormProps> & Pick<FieldsFormProps, 'fields'>) {
  const saved: FieldValueEntry[][] = [];
  const onSave = props.onSave ?? (async (v: FieldValueEntry[]) => void saved.push(v));
  render(
    <I18nextProvider i18n={createI18n('en-GB')}>
      <FieldsForm countries={countries} brandCountry="AT" {...props} onSave={onSave} />
    </I18nextProvider>,
  );
  return { saved, save: () => screen.getByRole('button', { name: 'Save and proceed' }) as HTMLButtonElement };
}

describe('FieldsForm', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const setup = () => userEvent.setup({ delay: null, advanceTimers: (ms) => jest.advanceTimersByTime(ms) });

  it('shows a rule violation only 500 ms after the last edit, and saves trimmed values', async () => {
    const user = setup();
    const { saved, save } = renderForm({ fields: [fieldDef(1, 'ssl_domain', 'Domain or subdomain', 'required|fqdn')] });
    const input = screen.getByLabelText('Domain or subdomain');
    expect(save().disabled).toBe(true); // required and empty
    await user.type(input, 'not a host');
    act(() => jest.advanceTimersByTime(TOUCH_DELAY_MS - 10));
    expect(screen.queryByText(/valid domain name/)).toBeNull();
    act(() => jest.advanceTimersByTime(10));
    const error = screen.getByText(/valid domain name/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);

    await user.clear(input);
    await user.type(input, '  www.example.com ');
    expect(save().disabled).toBe(false);
    await user.click(save());
    expect(saved).toEqual([[{ field_id: 1, value: 'www.example.com' }]]);
  });

  it('shows the first server message per field until that field is edited', async () => {
    const user = setup();
    const onSave = jest.fn(async () => ({ '1': ['validation.max_length', 'validation.required'], '99': ['validation.in'] }));
    const { save } = renderForm({ fields: [fieldDef(1, 'title', 'Title', 'required|string|max:100')], onSave });
    await user.type(screen.getByLabelText('Title'), 'My site');
    await user.click(save());
    expect(await screen.findByText('Please enter at most 100 characters.')).toBeTruthy();
    expect(screen.queryByText('Title is required.')).toBeNull();
    expect(screen.getByRole('alert').textContent).toMatch(/choose one of these values/); // a field the form does not show
    expect(save().disabled).toBe(true);
    await user.type(screen.getByLabelText('Title'), '!');
    expect(screen.queryByText('Please enter at most 100 characters.')).toBeNull();
    expect(save().disabled).toBe(false);
  });

  it('asks to confirm a password, clears a confirm that does not match and checks secure_password', async () => {
    const user = setup();
    const { saved, save } = renderForm({ fields: [fieldDef(3, 'root_password', 'Root password', 'required|secure_password', { input_component: 'password' })] });
    const password = screen.getByLabelText('Root password');
    const confirm = screen.getByLabelText('Repeat Root password') as HTMLInputElement;
    expect(password.getAttribute('type')).toBe('password');

    await user.type(password, 'weak');
    act(() => jest.advanceTimersByTime(TOUCH_DELAY_MS));
    expect(screen.getByText(/needs at least 8 characters/)).toBeTruthy();
    await user.clear(password);
    await user.type(password, 'S3cure!pass');
    await user.type(confirm, 'S3cure!pas');
    await user.tab();
    expect(confirm.value).toBe('');
    expect(screen.getByText('The passwords do not match.').id).toBe(confirm.getAttribute('aria-describedby'));
    expect(save().disabled).toBe(true);

    await user.type(confirm, 'S3cure!pass');
    expect(screen.queryByText('The passwords do not match.')).toBeNull();
    await user.click(save());
    expect(saved).toEqual([[{ field_id: 3, value: 'S3cure!pass' }]]); // the confirm is not sent
  });

  it('ticks a checkbox that must be accepted', async () => {
    const user = setup();
    const { saved, save } = renderForm({ fields: [fieldDef(7, 'accept', 'I accept the agreement.', 'required|boolean|in:true', { input_component: 'checkbox' })] });
    const box = screen.getByRole('checkbox', { name: 'I accept the agreement.' });
    expect(save().disabled).toBe(true);
    await user.click(box);
    await user.click(box);
    act(() => jest.advanceTimersByTime(TOUCH_DELAY_MS));
    expect(screen.getByText('Please accept this to continue.')).toBeTruthy();
    await user.keyboard(' ');
    await user.click(save());
    expect(saved).toEqual([[{ field_id: 7, value: 'true' }]]);
  });

  it('offers the fixed Linux and Windows choices and the brand’s country by default', async () => {
    const user = setup();
    const { saved, save } = renderForm({
      fields: [
        fieldDef(4, 'linux_distribution', 'Operating system', 'required', { input_component: 'linux_distribution', prefilled_with: 'ubuntu-22.04' }),
        fieldDef(5, 'windows_server_version', 'Windows Server version', 'required', { input_component: 'windows_server_version', prefilled_with: '2022-gui-de' }),
        fieldDef(11, 'ms_tenant_country', 'Country', 'required', { input_component: 'country', prefilled_with: 'brand_country' }),
        fieldDef(6, 'server_hostname', 'Host name', 'required|fqdn', { is_postponed: true, prefilled_with: 'server.example.com' }),
      ],
    });
    const linux = screen.getByRole('radiogroup', { name: 'Operating system' });
    expect(within(linux).getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual([
      'AlmaLinux 8',
      'AlmaLinux 9',
      'CentOS 9',
      'Debian 10',
      'Debian 11',
      'Ubuntu 20.04',
      'Ubuntu 22.04',
    ]);
    expect((within(linux).getByRole('radio', { name: 'Ubuntu 22.04' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(linux).getByRole('radio', { name: 'Debian 11' }));

    const windows = screen.getByRole('group', { name: 'Windows Server version' });
    expect(within(windows).getAllByRole('radio')).toHaveLength(6);
    expect((within(windows).getByRole('radio', { name: 'Desktop Experience (with desktop)' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(windows).getByRole('radio', { name: 'English' }));
    await user.click(within(windows).getByRole('radio', { name: 'Windows Server 2019' }));

    const country = screen.getByLabelText('Country') as HTMLSelectElement;
    expect(country.value).toBe('AT');
    expect(Array.from(country.options).map((o) => o.value)).toEqual(['', 'DE', 'AT']);
    expect(screen.queryByLabelText('Host name')).toBeNull(); // postponed: shown in post-fill only

    await user.click(save());
    expect(saved[0]).toEqual([
      { field_id: 4, value: 'debian-11' },
      { field_id: 5, value: '2019-gui-en' },
      { field_id: 6, value: 'server.example.com' },
      { field_id: 11, value: 'AT' },
    ]);
  });

  it('explains the D-U-N-S number and lists lookup sites on focus and hover', async () => {
    const user = setup();
    renderForm({ fields: [fieldDef(2, 'company_duns', 'D-U-N-S number', 'string|min:9|max:9', { input_component: 'duns' })] });
    const input = screen.getByLabelText('D-U-N-S number');
    const help = screen.getByText(/nine-digit number/);
    expect(input.getAttribute('aria-describedby')).toContain(help.id);
    const toggle = screen.getByRole('button', { name: 'Where can I find my D-U-N-S number?' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: /UPIK/ })).toBeNull();

    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: /UPIK/ }).getAttribute('href')).toBe('https://www.upik.de/');
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.hover(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    act(() => jest.advanceTimersByTime(400));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });
  it('keeps a server message of one field while another is edited, and shows a touched rule only after leaving it', async () => {
    const user = setup();
    const onSave = jest.fn(async () => ({ '1': ['validation.max_length'] }));
    const { save } = renderForm({
      fields: [fieldDef(1, 'title', 'Title', 'required|string|max:100'), fieldDef(2, 'ns', 'Name server', 'string|fqdn', { order: 2 })],
      onSave,
    });
    await user.type(screen.getByLabelText('Title'), 'My site');
    await user.click(save());
    expect(await screen.findByText('Please enter at most 100 characters.')).toBeTruthy();

    await user.type(screen.getByLabelText('Name server'), 'not a host');
    await user.tab(); // leaving the input touches it before the delay
    expect(screen.getByText(/valid domain name/)).toBeTruthy();
    expect(screen.getByText('Please enter at most 100 characters.')).toBeTruthy();
    expect(save().disabled).toBe(true);
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('fills values that arrive later (stored, brand country) into fields the visitor left alone', async () => {
    const user = setup();
    const fields = [fieldDef(1, 'title', 'Title', 'required'), fieldDef(11, 'country', 'Country', 'required', { input_component: 'country', order: 2 })];
    const saved: FieldValueEntry[][] = [];
    const form = (brandCountry: string, stored: FieldValueEntry[] | null) => (
      <I18nextProvider i18n={createI18n('en-GB')}>
        <FieldsForm fields={fields} countries={countries} brandCountry={brandCountry} stored={stored} onSave={async (v) => void saved.push(v)} />
      </I18nextProvider>
    );
    const view: RenderResult = render(form('', null));
    await user.type(screen.getByLabelText('Title'), 'Mine');
    view.rerender(form('DE', [{ field_id: 1, value: 'Stored' }]));
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('DE');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Mine');
    await user.click(screen.getByRole('button', { name: 'Save and proceed' }));
    expect(saved).toEqual([
      [
        { field_id: 1, value: 'Mine' },
        { field_id: 11, value: 'DE' },
      ],
    ]);
  });
});
