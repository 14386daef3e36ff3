import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type NotificationType = 'warning' | 'info' | 'error';

/** Spec §3 "Notification". title and message are message keys, translated with params. */
export interface AppNotification {
  id: string;
  type: NotificationType;
  title?: string;
  message: string;
  params?: Record<string, string | number>;
  /** message is text to show as it is (a flash message from the configuration), not a key. */
  literal?: boolean;
  /** Keeps the notification across the next navigation (e.g. a redirect that explains itself). */
  preserveRouteChange?: boolean;
}

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: { items: [] as AppNotification[] },
  reducers: {
    notify: {
      reducer(state, action: PayloadAction<AppNotification>) {
        state.items.push(action.payload);
      },
      prepare(notification: Omit<AppNotification, 'id'>) {
        return { payload: { ...notification, id: nanoid() } };
      },
    },
    dismissNotification(state, action: PayloadAction<string>) {
      state.items = state.items.filter((n) => n.id !== action.payload);
    },
    /** Navigation happened: drop everything not flagged to persist; the flag lasts one navigation. */
    routeChanged(state) {
      state.items = state.items
        .filter((n) => n.preserveRouteChange)
        .map((n) => ({ ...n, preserveRouteChange: false }));
    },
  },
  selectors: {
    selectNotifications: (state) => state.items,
  },
});

export const { notify, dismissNotification, routeChanged } = notificationsSlice.actions;
export const { selectNotifications } = notificationsSlice.selectors;
