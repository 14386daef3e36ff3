import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  clearDraftSessionCode,
  storedDraftSessionCode,
  syncCustomerNumber,
  useCancelDraftMutation,
  useGetAdminQuery,
  useGetSessionCustomerQuery,
} from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { notify, useAppDispatch } from '@hostcart/shared-store';

/**
 * The user menu of spec §2: for a sales agent a dropdown with the back-to-admin-panel link; for a
 * customer updating an order draft (a stored draft code and no sales agent) a cancel-order button
 * that cancels the draft and returns to the cart; for a panel user the back-to-panel link (spec
 * §6). Nothing for everybody else.
 */
export interface UserMenuProps {
  /**
   * The panel user's back-to-panel link (agent-feature-oauth's BackToPanel). The agent remote
   * passes it in: a feature library may not import another (module boundaries).
   */
  PanelLink?: ComponentType<{ className?: string }>;
}

export function UserMenu({ PanelLink }: UserMenuProps) {
  const admin = useGetAdminQuery();
  const customer = useGetSessionCustomerQuery();
  if (admin.data?.is_sales_agent) return <AgentMenu name={admin.data.name || admin.data.id} panelURL={admin.data.panel_url} />;
  if (admin.isLoading) return null;
  if (storedDraftSessionCode()) return <CancelDraftButton />;
  if (PanelLink && customer.data?.customer.panel) return <PanelLink className="hc-link-button hc-user-menu__cancel" />;
  return null;
}

function AgentMenu({ name, panelURL }: { name: string; panelURL?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  // Escape and a click elsewhere close the menu, as a disclosure should.
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onClick = (e: MouseEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  return (
    <div className="hc-user-menu" ref={root}>
      <button type="button" className="hc-link-button hc-user-menu__toggle" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
        {t('user_menu.agent', { name })}
      </button>
      <ul id={menuId} className="hc-popover hc-user-menu__list" hidden={!open}>
        {panelURL && (
          <li>
            <a href={panelURL}>{t('user_menu.back_to_admin')}</a>
          </li>
        )}
      </ul>
    </div>
  );
}

function CancelDraftButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [cancel, { isLoading }] = useCancelDraftMutation();

  async function onCancel() {
    try {
      await cancel().unwrap();
      // Spec §4 "Order draft": cancel clears the session, the draft code, order and cart; the
      // customer's stored number goes with the session.
      clearDraftSessionCode();
      syncCustomerNumber(undefined);
      navigate(pathTo('cart'));
    } catch {
      dispatch(notify({ type: 'error', title: 'error.something_went_wrong', message: 'order_drafts.unable_to_cancel' }));
    }
  }

  return (
    <button type="button" className="hc-link-button hc-user-menu__cancel" onClick={() => void onCancel()} disabled={isLoading} aria-busy={isLoading}>
      {t('user_menu.cancel_order')}
    </button>
  );
}
