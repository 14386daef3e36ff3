import { createSlice } from '@reduxjs/toolkit';

// Spec §4 "Loading indicator": a counter of running requests. It is lowered a little after a call
// ends so back-to-back calls do not make the indicator flicker.
export const LOADING_DECREMENT_DELAY_MS = 10;

export const loadingSlice = createSlice({
  name: 'loading',
  initialState: { running: 0 },
  reducers: {
    requestStarted(state) {
      state.running += 1;
    },
    requestFinished(state) {
      state.running = Math.max(0, state.running - 1);
    },
  },
  selectors: {
    selectRunningRequests: (state) => state.running,
    selectIsLoading: (state) => state.running > 0,
  },
});

export const { requestStarted, requestFinished } = loadingSlice.actions;
export const { selectRunningRequests, selectIsLoading } = loadingSlice.selectors;
