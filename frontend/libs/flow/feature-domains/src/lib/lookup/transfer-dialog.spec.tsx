import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@hostcart/shared-i18n/testing';
import { TransferDialog } from './transfer-dialog';

function renderDialog(onConfirm = jest.fn(), onCancel = jest.fn()) {
  render(
    <I18nextProvider i18n={createI18n('en-GB')}>
      <TransferDialog domain="taken-name.de" onCancel={onCancel} onConfirm={onConfirm} />
    </I18nextProvider>,
  );
  return { onConfirm, onCancel };
}

describe('TransferDialog', () => {
  it('focuses the auth code and keeps confirm disabled while the code is empty', async () => {
    const user = userEvent.setup();
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Transfer taken-name.de' })).toBeTruthy();
    const code = screen.getByLabelText('Auth code');
    expect(document.activeElement).toBe(code);
    const confirm = screen.getByRole('button', { name: 'Confirm transfer' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(code, '   ');
    expect(confirm.disabled).toBe(true);
    await user.type(code, 'AB-12');
    expect(confirm.disabled).toBe(false);
    await user.clear(code);
    expect(confirm.disabled).toBe(true);
  });

  it('asks for the ownership confirmation before it confirms', async () => {
    const user = userEvent.setup();
    const { onConfirm } = renderDialog();
    await user.type(screen.getByLabelText('Auth code'), '  AB-12 ');
    await user.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please confirm that you may transfer this domain.');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: /I confirm that I own taken-name.de/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    expect(onConfirm).toHaveBeenCalledWith('AB-12');
  });

  it('cancels with the button and with Escape', async () => {
    const user = userEvent.setup();
    const { onCancel } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});
