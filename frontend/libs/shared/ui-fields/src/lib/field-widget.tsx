import type { ComponentType } from 'react';
import { CheckboxWidget } from './widgets/checkbox-widget';
import { CountryWidget } from './widgets/country-widget';
import { DunsWidget } from './widgets/duns-widget';
import { LinuxWidget } from './widgets/linux-widget';
import { PasswordWidget } from './widgets/password-widget';
import { TextWidget } from './widgets/text-widget';
import { WindowsWidget } from './widgets/windows-widget';
import { NsaCustomerTypeWidget } from './widgets/nsa-customer-type-widget';
import { NsaRentalPeriodWidget } from './widgets/nsa-rental-period-widget';
import { NsaPOBoxWidget } from './widgets/nsa-po-box-widget';
import { NsaStreetWidget } from './widgets/nsa-street-widget';
import { NsaTenantsWidget } from './widgets/nsa-tenants-widget';
import { PpoaAuthorizationWidget } from './widgets/ppoa-authorization-widget';
import { PpoaBasicInfoWidget } from './widgets/ppoa-basic-info-widget';
import { PpoaSignatureWidget } from './widgets/ppoa-signature-widget';
import type { WidgetProps } from './widgets/widget-props';

/** The widget of each input_component; anything else (and text) is a text input. */
export const WIDGETS: Readonly<Record<string, ComponentType<WidgetProps>>> = {
  text: TextWidget,
  country: CountryWidget,
  duns: DunsWidget,
  password: PasswordWidget,
  checkbox: CheckboxWidget,
  linux_distribution: LinuxWidget,
  windows_server_version: WindowsWidget,
  nsa_customer_type: NsaCustomerTypeWidget,
  nsa_minimum_rental_period: NsaRentalPeriodWidget,
  nsa_po_box: NsaPOBoxWidget,
  nsa_street: NsaStreetWidget,
  nsa_additional_address_data: TextWidget,
  nsa_additional_tenants: NsaTenantsWidget,
  ppoa_authorization: PpoaAuthorizationWidget,
  ppoa_basic_info: PpoaBasicInfoWidget,
  ppoa_signature: PpoaSignatureWidget,
};

export function widgetFor(inputComponent: string): ComponentType<WidgetProps> {
  return Object.prototype.hasOwnProperty.call(WIDGETS, inputComponent) ? WIDGETS[inputComponent] : TextWidget;
}
