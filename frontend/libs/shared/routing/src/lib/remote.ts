import type { ComponentType } from 'react';

/**
 * What each remote exposes as '<remote>/Routes': the screens it renders, by route id. A route of
 * the table whose owner has no screen for it yet shows the "not available yet" page.
 */
export interface RemoteRoutesModule {
  screens: Partial<Record<string, ComponentType>>;
  /** Parts of the shell's frame a remote renders (the agent remote's user menu), by id. */
  widgets?: Partial<Record<string, ComponentType>>;
}
