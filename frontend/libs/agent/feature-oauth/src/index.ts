export { OAuthCallbackPage } from './lib/oauth-callback-page';
export type { OAuthCallbackPageProps } from './lib/oauth-callback-page';
export { OAuthReadyPage, panelDestination } from './lib/oauth-ready-page';
export { BackToPanel } from './lib/back-to-panel';
export type { BackToPanelProps } from './lib/back-to-panel';
export { clearPanelState, decodeOAuthData, loadPanelSignIn } from './lib/panel-storage';
export type { OAuthData } from './lib/panel-storage';
