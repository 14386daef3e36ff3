import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './modal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Modal open={open} title="Help" closeLabel="Close" onClose={() => setOpen(false)}>
        <a href="tel:1">call</a>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('moves focus in, traps Tab, closes on Escape and returns focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Help' });
    expect(dialog).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'call' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'call' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('makes the page behind it inert while it is open, and only while', async () => {
    const user = userEvent.setup();
    render(
      <main>
        <Harness />
      </main>,
    );
    const opener = screen.getByRole('button', { name: 'open' });
    const outside = document.createElement('footer');
    document.body.appendChild(outside);
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Help' });
    expect(opener.hasAttribute('inert')).toBe(true);
    expect(outside.hasAttribute('inert')).toBe(true);
    expect(dialog.closest('[inert]')).toBeNull();
    await user.keyboard('{Escape}');
    expect(opener.hasAttribute('inert')).toBe(false);
    expect(outside.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(opener);
    outside.remove();
  });
});
