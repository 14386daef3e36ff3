import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetCurrentBrandQuery } from '@hostcart/shared-data-access-api';
import { clearPanelState, loadPanelSignIn } from './panel-storage';
import { usePanelLogoutMutation } from './panel-api';

export interface BackToPanelProps {
  /** Extra class names, e.g. for the header's user menu. */
  className?: string;
  /** Where the browser goes; replaced in tests. */
  redirect?: (url: string) => void;
}

/**
 * The back-to-panel link of a panel user (spec §6): logs out, clears the browser's state and sends
 * the browser to the brand's authority (the second one after a use_cp_2 sign-in), as the server
 * answers it. A button, since it acts before it navigates; the user menu and the ready view show it.
 */
export function BackToPanel({ className, redirect = (url) => window.location.assign(url) }: BackToPanelProps) {
  const { t } = useTranslation();
  const brand = useGetCurrentBrandQuery();
  const [logout, { isLoading }] = usePanelLogoutMutation();
  const [failed, setFailed] = useState(false);

  async function back() {
    setFailed(false);
    try {
      const answer = await logout().unwrap();
      // The server's answer knows the authority the session signed in at; the brand's properties
      // are the fallback of a session that lost its sign-in meanwhile.
      const props = brand.data?.properties ?? {};
      const fallback = loadPanelSignIn().data?.use_cp_2 && props['oauth_authority_url_2'] ? props['oauth_authority_url_2'] : props['oauth_authority_url'];
      clearPanelState();
      const url = answer.panel_url || fallback;
      if (url) redirect(url);
      else setFailed(true);
    } catch {
      setFailed(true);
    }
  }

  return (
    <span className="hc-back-to-panel">
      <button type="button" className={className ?? 'hc-button hc-button--secondary'} onClick={() => void back()} disabled={isLoading} aria-busy={isLoading || undefined}>
        {isLoading ? t('oauth_panel.leaving') : t('oauth_panel.back_to_panel')}
      </button>
      {failed && (
        <span role="alert" className="hc-field__error">
          {' '}
          {t('oauth_panel.logout_failed')}
        </span>
      )}
    </span>
  );
}
