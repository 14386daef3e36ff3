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

const sameParams = (a: AppNotification['params'] = {}, b: AppNotification['params'] = {}) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

function sameNotice(a: AppNotification, b: AppNotification): boolean {
  return a.type === b.type && a.title === b.title && a.message === b.message && !!a.literal === !!b.literal && sameParams(a.params, b.params);
}

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: { items: [] as AppNotification[] },
  reducers: {
    notify: {
      reducer(state, action: PayloadAction<AppNotification>) {
        // The same notice read twice (e.g. the customer's country reset, which the navigation's
        // validation and a customer screen both show from one answer) is shown once; a copy that
        // asks to persist makes the shown one persist.
        const same = state.items.find((n) => sameNotice(n, action.payload));
        if (same) same.preserveRouteChange = same.preserveRouteChange || action.payload.preserveRouteChange;
        else state.items.push(action.payload);
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
