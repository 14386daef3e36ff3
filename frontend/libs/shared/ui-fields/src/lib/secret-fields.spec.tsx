import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@hostcart/shared-i18n/testing';
import { FieldsForm } from './fields-form';
import { widgetFor } from './field-widget';
import { fieldDef } from './test-utils';
import type { FieldValueEntry } from './types';

const countries = [{ code: 'DE', name: 'Germany', order: 1 }];

function renderForm(fields: ReturnType<typeof fieldDef>[]) {
  const saved: FieldValueEntry[][] = [];
  const view = render(
    <I18nextProvider i18n={createI18n('en-GB')}>
      <FieldsForm fields={fields} countries={countries} brandCountry="DE" onSave={async (v) => void saved.push(v)} />
    </I18nextProvider>,
  );
  return { saved, view };
}

// Issue 20: the catalog marks some text fields secret (is_secret: a token, a password asked as
// text); the browser must not show them like any other text.
describe('secret additional fields', () => {
  const token = fieldDef(7, 'api_token', 'API token', 'required|string|max:64', { is_secret: true });
  const title = fieldDef(8, 'blog_title', 'Blog title', 'required|string|max:100');

  it('types a secret text field into a password input the browser does not fill, and saves its value', async () => {
    const user = userEvent.setup();
    const { saved, view } = renderForm([token, title]);
    const secret = screen.getByLabelText('API token') as HTMLInputElement;
    expect(secret.type).toBe('password');
    expect(secret.getAttribute('autocomplete')).toBe('new-password');
    // Only a password field asks for its confirmation.
    expect(screen.queryByLabelText(/Repeat/)).toBeNull();
    // A field not marked secret stays a text input.
    const plain = screen.getByLabelText('Blog title') as HTMLInputElement;
    expect(plain.type).toBe('text');
    expect(plain.getAttribute('autocomplete')).toBe('off');

    await user.type(secret, 'tok-S3cret-42');
    await user.type(plain, 'My blog');
    // Nothing on the page repeats the secret's text.
    expect(view.container.textContent).not.toContain('tok-S3cret-42');
    await user.click(screen.getByRole('button', { name: 'Save and proceed' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved).toEqual([
      [
        { field_id: 7, value: 'tok-S3cret-42' },
        { field_id: 8, value: 'My blog' },
      ],
    ]);
  });

  it('hides a secret field of an unknown input component too (the text fallback)', () => {
    const Widget = widgetFor('some_future_component');
    render(<Widget field={{ ...token, input_component: 'some_future_component' }} required countries={[]} id="f7" errorId="f7-error" value="abc" onChange={() => undefined} onBlur={() => undefined} />);
    expect((screen.getByLabelText('API token') as HTMLInputElement).type).toBe('password');
  });

  it('keeps the secret input labelled for assistive technology (axe)', async () => {
    const { view } = renderForm([token]);
    const result = await axe.run(view.container, { runOnly: { type: 'rule', values: ['label', 'autocomplete-valid', 'aria-valid-attr-value'] } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });
});
