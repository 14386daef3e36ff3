import type { RemoteRoutesModule } from '@hostcart/shared-routing';
import { OAuthCallbackPage, OAuthReadyPage } from '@hostcart/agent-feature-oauth';

/**
 * The agent remote's screens built so far: the OAuth callback, where the customer login popup
 * lands (issue 9). The panel sign-in views, session restore and drafts come with the agents'
 * issue; until then their routes show the shell's "not available yet" page.
 */
export const screens: RemoteRoutesModule['screens'] = {
  'oauth-callback': OAuthCallbackPage,
  // The cloud panel sign-in's landing (issue 12).
  'oauth-ready': OAuthReadyPage,
};
