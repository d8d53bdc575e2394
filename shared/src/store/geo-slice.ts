import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { getRuntimeConfig } from '../config/runtime-config.js';

export interface GeoState {
  /** True only when the IP lookup answered country_code IN (SPEC section 1). */
  isIndianUser: boolean;
  lookup: 'pending' | 'done';
}

const LOOKUP_TIMEOUT_MS = 3000;

/** Asks the geolocation service unless the server already did; any failure or timeout leaves the flag false, silently. */
export const detectCountry = createAsyncThunk<boolean, void, { state: { geo: GeoState } }>(
  'geo/detectCountry',
  async (): Promise<boolean> => {
    const { geoUrl } = getRuntimeConfig();
    if (!geoUrl) return false;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), LOOKUP_TIMEOUT_MS);
    try {
      const response = await fetch(geoUrl, { signal: controller.signal, credentials: 'omit' });
      if (!response.ok) return false;
      const body = (await response.json()) as { country_code?: unknown };
      return body.country_code === 'IN';
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  },
  // A server-rendered page arrives with the answer (the site server asked for the visitor's address).
  { condition: (_arg, { getState }) => getState().geo.lookup !== 'done' },
);

export const geoSlice = createSlice({
  name: 'geo',
  initialState: (): GeoState => ({ isIndianUser: false, lookup: 'pending' }),
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(detectCountry.fulfilled, (state, action) => {
      state.isIndianUser = action.payload;
      state.lookup = 'done';
    });
    builder.addCase(detectCountry.rejected, (state) => {
      state.isIndianUser = false;
      state.lookup = 'done';
    });
  },
  selectors: {
    selectIsIndianUser: (state) => state.isIndianUser,
  },
});

export const { selectIsIndianUser } = geoSlice.selectors;
