import { combineSlices } from '@reduxjs/toolkit';
import { shopApi } from '../api/base-api.js';
import { authSlice } from './auth-slice.js';
import { cartSlice } from './cart-slice.js';
import { geoSlice } from './geo-slice.js';
import { uiSlice } from './ui-slice.js';

/** Sections declare their own slices here by interface merging, then call `slice.injectInto(rootReducer)`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/** One reducer for the whole site; @metrology/shared is a federation singleton, so every section injects into it. */
export const rootReducer = combineSlices(
  shopApi,
  authSlice,
  cartSlice,
  geoSlice,
  uiSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
