import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '@hostcart/shared-store';

export interface CatalogFlowState {
  /** The product the visitor ordered last; the next step of the flow configures it. */
  chosenProductId: number | null;
  chosenFromCategory: string | null;
}

const initialState: CatalogFlowState = { chosenProductId: null, chosenFromCategory: null };

export const catalogFlowSlice = createSlice({
  name: 'catalogFlow',
  initialState,
  reducers: {
    productChosen(state, action: PayloadAction<{ productId: number; categorySlug: string }>) {
      state.chosenProductId = action.payload.productId;
      state.chosenFromCategory = action.payload.categorySlug;
    },
  },
  selectors: {
    selectChosenProductId: (state) => state.chosenProductId,
  },
});

declare module '@hostcart/shared-store' {
  interface LazyLoadedSlices {
    catalogFlow: CatalogFlowState;
  }
}

/** Injected into the shell's store when the flow remote loads (the remote owns this state). */
export const injectedCatalogFlow = catalogFlowSlice.injectInto(rootReducer);
export const { productChosen } = catalogFlowSlice.actions;
export const { selectChosenProductId } = injectedCatalogFlow.selectors;
