import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface UiState {
  loginDialogOpen: boolean;
  /** The shared search text (SPEC: Collection filters by it when the search bar is shown). */
  searchText: string;
  showSearch: boolean;
}

export const uiSlice = createSlice({
  name: 'ui',
  initialState: (): UiState => ({ loginDialogOpen: false, searchText: '', showSearch: false }),
  reducers: {
    loginDialogOpened(state) {
      state.loginDialogOpen = true;
    },
    loginDialogClosed(state) {
      state.loginDialogOpen = false;
    },
    searchTextChanged(state, action: PayloadAction<string>) {
      state.searchText = action.payload;
    },
    searchBarToggled(state, action: PayloadAction<boolean | undefined>) {
      state.showSearch = action.payload ?? !state.showSearch;
    },
  },
  selectors: {
    selectLoginDialogOpen: (state) => state.loginDialogOpen,
    selectSearchText: (state) => state.searchText,
    selectShowSearch: (state) => state.showSearch,
  },
});

export const { loginDialogOpened, loginDialogClosed, searchTextChanged, searchBarToggled } = uiSlice.actions;
export const { selectLoginDialogOpen, selectSearchText, selectShowSearch } = uiSlice.selectors;
