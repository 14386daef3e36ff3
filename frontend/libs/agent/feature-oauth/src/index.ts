export { OAuthCallbackPage } from './lib/oauth-callback-page';
