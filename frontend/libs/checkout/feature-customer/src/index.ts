export { BasicInfoPage } from './lib/basic-info-page';
export type { CustomerScreenProps } from './lib/basic-info-page';
export { AddressPage } from './lib/address-page';
export { LoginOrRegisterPage } from './lib/login-or-register-page';
export { LogoutPage } from './lib/logout-page';
