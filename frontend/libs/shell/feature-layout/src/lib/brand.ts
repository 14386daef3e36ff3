import type { Brand } from '@hostcart/shared-data-access-api';

export function brandFlag(brand: Brand | undefined, key: string): boolean {
  return brand?.properties?.[key] === 'true';
}

export function brandSetting(brand: Brand | undefined, key: string): string {
  return brand?.properties?.[key] ?? '';
}

/** The switcher needs something to switch between and the brand must allow it (spec §1). */
export function showsLocaleSwitcher(brand: Brand | undefined): boolean {
  return (brand?.locales?.length ?? 0) >= 2 && brandFlag(brand, 'show_locale_switcher');
}
