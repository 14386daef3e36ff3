import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { routeChanged } from './notifications';

/** Which modal is open; modals close on every navigation (spec §2). */
export const modalsSlice = createSlice({
  name: 'modals',
  initialState: { open: null as string | null },
  reducers: {
    openModal(state, action: PayloadAction<string>) {
      state.open = action.payload;
    },
    closeModal(state) {
      state.open = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(routeChanged, (state) => {
      state.open = null;
    });
  },
  selectors: {
    selectOpenModal: (state) => state.open,
  },
});

export const { openModal, closeModal } = modalsSlice.actions;
export const { selectOpenModal } = modalsSlice.selectors;
