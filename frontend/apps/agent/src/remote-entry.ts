import type { RemoteRoutesModule } from '@hostcart/shared-routing';

/**
 * No screen of this remote is built yet: its services do not exist. Every route it owns shows
 * the shell's "not available yet" page until a screen is added here.
 */
export const screens: RemoteRoutesModule['screens'] = {};
