import type { ComponentType } from 'react';
import { CheckboxWidget } from './widgets/checkbox-widget';
import { CountryWidget } from './widgets/country-widget';
import { DunsWidget } from './widgets/duns-widget';
import { LinuxWidget } from './widgets/linux-widget';
import { PasswordWidget } from './widgets/password-widget';
import { TextWidget } from './widgets/text-widget';
import { WindowsWidget } from './widgets/windows-widget';
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
};

export function widgetFor(inputComponent: string): ComponentType<WidgetProps> {
  return Object.prototype.hasOwnProperty.call(WIDGETS, inputComponent) ? WIDGETS[inputComponent] : TextWidget;
}
