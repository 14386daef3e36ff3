import { createElement } from 'react';
import type { RemoteRoutesModule } from '@hostcart/shared-routing';
import { BackToPanel, OAuthCallbackPage, OAuthReadyPage } from '@hostcart/agent-feature-oauth';
import { ContinueOrderPage, SessionRestorePage, UserMenu } from '@hostcart/agent-feature-drafts';

/**
 * The agent remote's screens built so far: the OAuth callback, where the customer login popup
 * lands (issue 9). The panel sign-in views, session restore and drafts come with the agents'
 * issue; until then their routes show the shell's "not available yet" page.
 */
export const screens: RemoteRoutesModule['screens'] = {
  'oauth-callback': OAuthCallbackPage,
  // The cloud panel sign-in's landing (issue 12).
  'oauth-ready': OAuthReadyPage,
  // Order drafts (issue 12): agents and customers open a draft's session with its code.
  'session-restore': SessionRestorePage,
  'continue-preconfigured-order': ContinueOrderPage,
};

/** The header's user menu (spec §2), with the panel user's back-to-panel link. */
function AgentUserMenu() {
  return createElement(UserMenu, { PanelLink: BackToPanel });
}

/** Pieces of other screens the agent remote owns. */
export const widgets: RemoteRoutesModule['widgets'] = {
  'user-menu': AgentUserMenu,
};
