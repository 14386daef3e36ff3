import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@hostcart/shared-i18n/testing';
import { createAppStore } from '@hostcart/shared-store';
import { MODAL_CLOSE_DELAY_MS, PeriodModal, type PeriodModalProps } from './period-modal';
import { cartLine, catalog, installFakeShop, item } from './test-utils';

function renderModal(props: Omit<PeriodModalProps, 'onClose' | 'onNotices'>) {
  const onClose = jest.fn();
  const onNotices = jest.fn();
  render(
    <Provider store={createAppStore()}>
      <I18nextProvider i18n={createI18n('en-GB')}>
        <PeriodModal {...props} onClose={onClose} onNotices={onNotices} />
      </I18nextProvider>
    </Provider>,
  );
  return { onClose, onNotices };
}

const tiles = () => screen.getAllByTestId('period-tile');

describe('PeriodModal', () => {
  it('opens in term mode and goes on to the intervals after a term with several', async () => {
    const notice = { key: 'cart.promotion_removed', message: 'cart.promotion_no_longer_available', params: { code: 'X' } };
    const shop = installFakeShop(catalog(), [item({ product: cartLine(1001, 11, 21) })], { notices: [notice] });
    const { onClose, onNotices } = renderModal({ rowId: 'row1' });
    expect(await screen.findByRole('dialog', { name: 'Choose a contract term' })).toBeInTheDocument();
    await screen.findAllByTestId('period-tile');
    fireEvent.click(tiles()[1]);
    expect(await screen.findByRole('dialog', { name: 'Choose a billing interval' })).toBeInTheDocument();
    expect(shop.mutations()).toEqual([{ method: 'PUT', path: '/session/cart/items/row1/period', body: { maturity_id: 12, interval_id: 0 } }]);
    expect(onNotices).toHaveBeenCalledWith([notice]);
    await waitFor(() => expect(tiles().map((t) => t.textContent?.slice(0, 7))).toEqual(['Monthly', 'Yearly€']));
    fireEvent.click(tiles()[0]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(shop.mutations()[1]).toEqual({ method: 'PUT', path: '/session/cart/items/row1/period', body: { maturity_id: 12, interval_id: 21 } });
  });

  it('closes right after a term without an interval choice', async () => {
    installFakeShop(catalog(), [item()]);
    const { onClose } = renderModal({ rowId: 'row1' });
    await screen.findAllByTestId('period-tile');
    fireEvent.click(tiles()[0]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('opens in interval mode for a product with one term', async () => {
    const [host, ...rest] = catalog();
    host.payment_maturities = host.payment_maturities.filter((m) => m.months === 12);
    installFakeShop([host, ...rest], [item()]);
    renderModal({ rowId: 'row1' });
    expect(await screen.findByRole('dialog', { name: 'Choose a billing interval' })).toBeInTheDocument();
  });

  it('changes an addon\'s term and closes 150 ms later', async () => {
    const shop = installFakeShop(catalog(), [item({ addons: [cartLine(2031, 312, 412)] })]);
    const { onClose } = renderModal({ rowId: 'row1', line: { kind: 'addon', id: 2031 } });
    await screen.findAllByTestId('period-tile');
    jest.useFakeTimers();
    try {
      fireEvent.click(tiles()[0]);
      await act(async () => {
        await Promise.resolve();
      });
      await waitFor(() => expect(shop.mutations()).toHaveLength(1));
      expect(shop.mutations()[0]).toEqual({ method: 'PUT', path: '/session/cart/items/row1/addons/2031/period', body: { maturity_id: 311, interval_id: 0 } });
      // Async advances let the save's answer arrive between timers (a renderer may schedule its
      // work on timers too).
      await act(async () => {
        await jest.advanceTimersByTimeAsync(MODAL_CLOSE_DELAY_MS - 10);
      });
      expect(onClose).not.toHaveBeenCalled();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(20);
      });
      expect(onClose).toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('warns inside the modal before dropping an upsell', async () => {
    installFakeShop(catalog(), [item({ upsells: [cartLine(3001, 321, 422)] })]);
    renderModal({ rowId: 'row1' });
    await screen.findAllByTestId('period-tile');
    fireEvent.click(tiles()[0]);
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('will be removed: Mail pro');
    expect(screen.getByRole('button', { name: 'Change anyway' })).toHaveFocus();
  });

  it('shows a refused change and stays open', async () => {
    installFakeShop(catalog(), [item()], { fail: true });
    const { onClose } = renderModal({ rowId: 'row1' });
    await screen.findAllByTestId('period-tile');
    fireEvent.click(tiles()[0]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The extra');
    expect(onClose).not.toHaveBeenCalled();
  });
});
